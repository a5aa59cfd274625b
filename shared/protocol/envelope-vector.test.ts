// docs/test-vectors/item-envelope.json recomputed: the fixed key, IV, header and content give
// exactly the Base-64 fields and three hashes written there (by Node's own cipher, and by the
// app's sealer), and the key wrapped for the test-only key pair unwraps to the key (OAEP is
// randomized, so a wrapping can be checked only by decrypting it).
import { constants, createCipheriv, createHash, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RecordHeader } from '../types.js';
import { openContent, openHeader, openItemKey, sealItem } from './envelope.js';

const vectors = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/test-vectors');
const vector = JSON.parse(readFileSync(path.join(vectors, 'item-envelope.json'), 'utf8')) as {
  input: { key: string; iv: string; headerJson: string; contentUtf8: string };
  item: Record<string, string>;
};
const privateKey = readFileSync(path.join(vectors, 'test-only-signing.key.pem'), 'utf8');
const publicKey = readFileSync(path.join(vectors, 'test-only-signing.pub.pem'), 'utf8');
const key = Buffer.from(vector.input.key, 'hex');
const iv = Buffer.from(vector.input.iv, 'hex');
const headerBytes = Buffer.from(vector.input.headerJson, 'utf8');
const contentBytes = Buffer.from(vector.input.contentUtf8, 'utf8');

const aes = (plain: Buffer) => {
  const cipher = createCipheriv('aes-256-cbc', key, iv); // PKCS#7 padding is Node's default
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('docs/test-vectors/item-envelope.json', () => {
  it('gives the Base-64 fields and the three hashes, recomputed with Node’s cipher', () => {
    expect(vector.item).toMatchObject({
      header: aes(headerBytes),
      headerHash: sha256(headerBytes),
      content: aes(contentBytes),
      contentHash: sha256(contentBytes),
      keyHash: sha256(key),
      iv: vector.input.iv,
      algorithm: 'AES',
      headerHashAlgorithm: 'SHA256',
      contentHashAlgorithm: 'SHA256',
      keyHashAlgorithm: 'SHA256',
    });
  });

  it('its wrapped key unwraps with the test-only private key (RSA-OAEP, SHA-1, MGF1-SHA-1)', () => {
    const unwrapped = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(vector.item.key!, 'base64'),
    );
    expect(unwrapped.toString('hex')).toBe(vector.input.key);
  });

  it('the app seals the inputs to the same fields, and opens the vector to the inputs', () => {
    const sealed = sealItem(
      { header: JSON.parse(vector.input.headerJson) as RecordHeader, content: contentBytes, itemKey: { key, iv } },
      publicKey,
    );
    const { key: _wrapped, ...fields } = sealed;
    const { key: _given, ...expected } = vector.item;
    expect(fields).toEqual(expected);
    const item = vector.item as unknown as Parameters<typeof openContent>[0];
    const k = openItemKey(item, privateKey);
    expect(openHeader(item, k)).toEqual(JSON.parse(vector.input.headerJson));
    expect(openContent(item, k).toString('utf8')).toBe(vector.input.contentUtf8);
  });
});
