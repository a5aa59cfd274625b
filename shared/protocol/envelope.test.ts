import { execFileSync } from 'node:child_process';
import {
  X509Certificate,
  createCipheriv,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordHeader } from '../types.js';
import { issueIdentity } from './certificates.js';
import {
  EnvelopeError,
  decryptBytes,
  encryptBytes,
  newItemKey,
  openContent,
  openHeader,
  openItemKey,
  rewrapKey,
  sealItem,
  unwrapKey,
  wrapKey,
  type EnvelopeFailure,
  type ItemKey,
} from './envelope.js';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const owner = pair();
const other = pair();
const dir = mkdtempSync(join(tmpdir(), 'envelope-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const header: RecordHeader = {
  type: 'document',
  version: 'IRBX.2',
  name: 'Protocol v3 — é 😀',
  fileName: 'protocol-v3.pdf',
  mediaType: 'application/pdf',
  size: 0,
};
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

function failureOf(fn: () => unknown): EnvelopeFailure | 'no error' {
  try {
    fn();
  } catch (error) {
    if (error instanceof EnvelopeError) return error.failure;
    throw error;
  }
  return 'no error';
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

function openssl(args: string[], input?: Buffer): Buffer {
  return execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] });
}

describe('sealItem / open round trips', () => {
  for (const size of [0, 1, 15, 16, 17, 3 * 1024 * 1024 + 5]) {
    it(`round-trips ${size} bytes of content`, () => {
      const content = randomBytes(size);
      const payload = sealItem({ header: { ...header, size }, content }, owner.publicKey);
      expect(payload.iv).toMatch(/^[0-9a-f]{32}$/);
      expect(payload.headerHash).toBe(sha(JSON.stringify({ ...header, size })));
      expect(payload.contentHash).toBe(sha(content));
      expect(payload.algorithm).toBe('AES');
      expect(Buffer.from(payload.content, 'base64').length).toBe(16 * (Math.floor(size / 16) + 1));
      const k = openItemKey(payload, owner.privateKey);
      expect(payload.keyHash).toBe(sha(k.key));
      expect(openHeader(payload, k)).toEqual({ ...header, size });
      expect(openContent(payload, k).equals(content)).toBe(true);
    });
  }

  it('uses a given item key and a fresh one otherwise', () => {
    const itemKey = newItemKey();
    const a = sealItem({ header, content: Buffer.from('x'), itemKey }, owner.publicKey);
    const b = sealItem({ header, content: Buffer.from('x') }, owner.publicKey);
    expect(a.iv).toBe(itemKey.iv.toString('hex'));
    expect(a.keyHash).toBe(sha(itemKey.key));
    expect(b.keyHash).not.toBe(a.keyHash);
  });

  it('wraps for a certificate (PEM string, PEM bytes, DER bytes), a KeyObject, or a private PEM', () => {
    const id = issueIdentity('Wrap Target');
    const der = new X509Certificate(id.certificatePem).raw;
    const k = newItemKey();
    for (const recipient of [
      id.certificatePem,
      Buffer.from(id.certificatePem),
      der,
      createPublicKey(id.privateKeyPem),
      id.privateKeyPem,
    ]) {
      expect(unwrapKey(wrapKey(k.key, recipient), id.privateKeyPem).equals(k.key)).toBe(true);
    }
  });

  it('re-wraps a key for another organization', () => {
    const payload = sealItem({ header, content: Buffer.from('shared') }, owner.publicKey);
    const forOther = rewrapKey(payload.key, owner.privateKey, other.publicKey);
    const k = openItemKey({ ...payload, key: forOther }, other.privateKey);
    expect(openContent(payload, k).toString()).toBe('shared');
    expect(failureOf(() => openItemKey({ ...payload, key: forOther }, owner.privateKey))).toBe('wrong-key');
  });
});

describe('openssl interoperability', () => {
  it('openssl unwraps a key wrapped by wrapKey (OAEP, SHA-1)', () => {
    const k = newItemKey();
    writeFileSync(join(dir, 'k.pem'), owner.privateKey);
    writeFileSync(join(dir, 'wrapped.bin'), Buffer.from(wrapKey(k.key, owner.publicKey), 'base64'));
    const out = openssl([
      'pkeyutl',
      '-decrypt',
      '-inkey',
      join(dir, 'k.pem'),
      '-pkeyopt',
      'rsa_padding_mode:oaep',
      '-in',
      join(dir, 'wrapped.bin'),
    ]);
    expect(out.equals(k.key)).toBe(true);
  });

  it('unwrapKey opens a key wrapped by openssl (OAEP, SHA-1)', () => {
    const key = randomBytes(32);
    writeFileSync(join(dir, 'pub.pem'), owner.publicKey);
    writeFileSync(join(dir, 'key.bin'), key);
    const out = openssl([
      'pkeyutl',
      '-encrypt',
      '-pubin',
      '-inkey',
      join(dir, 'pub.pem'),
      '-pkeyopt',
      'rsa_padding_mode:oaep',
      '-in',
      join(dir, 'key.bin'),
    ]);
    expect(unwrapKey(out.toString('base64'), owner.privateKey).equals(key)).toBe(true);
  });

  for (const size of [0, 16, 1000]) {
    it(`openssl enc -d decrypts our ${size}-byte content, and we decrypt openssl's`, () => {
      const content = randomBytes(size);
      const payload = sealItem({ header, content }, owner.publicKey);
      const k = openItemKey(payload, owner.privateKey);
      const keyHex = k.key.toString('hex');
      writeFileSync(join(dir, 'c.bin'), Buffer.from(payload.content, 'base64'));
      const plain = openssl(['enc', '-d', '-aes-256-cbc', '-K', keyHex, '-iv', payload.iv, '-in', join(dir, 'c.bin')]);
      expect(plain.equals(content)).toBe(true);

      writeFileSync(join(dir, 'p.bin'), content);
      const theirs = openssl(['enc', '-aes-256-cbc', '-K', keyHex, '-iv', payload.iv, '-in', join(dir, 'p.bin')]);
      expect(theirs.toString('base64')).toBe(payload.content);
      expect(decryptBytes(theirs, k).equals(content)).toBe(true);
    });
  }
});

describe('bad input gives a distinct, clear error', () => {
  const content = Buffer.from('the content of a record');
  const payload = sealItem({ header, content }, owner.publicKey);
  const k = openItemKey(payload, owner.privateKey);

  it('malformed Base-64 in key, header and content', () => {
    expect(failureOf(() => unwrapKey('not base64!', owner.privateKey))).toBe('not-base64');
    expect(failureOf(() => unwrapKey(payload.key.replace(/=+$/, ''), owner.privateKey))).toBe('not-base64');
    expect(failureOf(() => openHeader({ ...payload, header: payload.header.slice(1) }, k))).toBe('not-base64');
    expect(failureOf(() => openContent({ ...payload, content: '-_' + payload.content.slice(2) }, k))).toBe(
      'not-base64',
    );
    expect(failureOf(() => openContent({ ...payload, content: ' ' + payload.content.slice(1) }, k))).toBe('not-base64');
    expect(failureOf(() => openContent({ ...payload, content: '\u0141' + payload.content.slice(1) }, k))).toBe(
      'not-base64',
    );
    expect(messageOf(() => openContent({ ...payload, content: '@' }, k))).toMatch(/content is not valid Base-64/);
  });

  it('malformed hex in iv and hashes', () => {
    expect(
      failureOf(() => openItemKey({ ...payload, iv: payload.iv.toUpperCase().replace(/^./, 'A') }, owner.privateKey)),
    ).toBe('not-hex');
    expect(failureOf(() => openItemKey({ ...payload, iv: payload.iv.slice(2) }, owner.privateKey))).toBe('not-hex');
    expect(
      failureOf(() => openItemKey({ ...payload, keyHash: 'zz' + payload.keyHash.slice(2) }, owner.privateKey)),
    ).toBe('not-hex');
    expect(failureOf(() => openHeader({ ...payload, headerHash: payload.headerHash.slice(1) }, k))).toBe('not-hex');
    expect(messageOf(() => openItemKey({ ...payload, iv: 'x' }, owner.privateKey))).toMatch(
      /iv is not 32 lower-case hex/,
    );
  });

  it('wrong private key', () => {
    expect(failureOf(() => openItemKey(payload, other.privateKey))).toBe('wrong-key');
    expect(messageOf(() => unwrapKey(payload.key, other.privateKey))).toMatch(/another certificate/);
  });

  it('truncated ciphertext (not a multiple of 16, or empty)', () => {
    const cipher = Buffer.from(payload.content, 'base64');
    expect(failureOf(() => decryptBytes(cipher.subarray(0, cipher.length - 1), k))).toBe('truncated');
    expect(failureOf(() => decryptBytes(Buffer.alloc(0), k))).toBe('truncated');
    expect(failureOf(() => openContent({ ...payload, content: cipher.subarray(0, 17).toString('base64') }, k))).toBe(
      'truncated',
    );
  });

  it('wrong padding', () => {
    // One block whose last plaintext byte is 0: never valid PKCS#7.
    const c = createCipheriv('aes-256-cbc', k.key, k.iv).setAutoPadding(false);
    const bad = Buffer.concat([c.update(Buffer.alloc(16)), c.final()]);
    expect(failureOf(() => decryptBytes(bad, k))).toBe('bad-padding');
    expect(failureOf(() => openContent({ ...payload, content: bad.toString('base64') }, k))).toBe('bad-padding');
  });

  it('hash mismatches name what failed; a key-hash mismatch says re-keying', () => {
    expect(failureOf(() => openHeader({ ...payload, headerHash: sha('other') }, k))).toBe('header-hash');
    expect(failureOf(() => openContent({ ...payload, contentHash: sha('other') }, k))).toBe('content-hash');
    expect(failureOf(() => openItemKey({ ...payload, keyHash: sha('other') }, owner.privateKey))).toBe('key-hash');
    expect(messageOf(() => openItemKey({ ...payload, keyHash: sha('other') }, owner.privateKey))).toMatch(/re-keyed/);
    expect(messageOf(() => openContent({ ...payload, contentHash: sha('x') }, k))).toMatch(/contentHash/);
  });

  it('a header that is not a JSON record is refused', () => {
    for (const text of ['not json', '[1,2]', '{"type":"document"}']) {
      const bytes = Buffer.from(text);
      const item = { ...payload, header: encryptBytes(bytes, k).toString('base64'), headerHash: sha(bytes) };
      expect(failureOf(() => openHeader(item, k))).toBe('bad-header');
    }
  });

  it('an unknown algorithm is refused', () => {
    expect(failureOf(() => openItemKey({ ...payload, algorithm: 'DES' }, owner.privateKey))).toBe(
      'unsupported-algorithm',
    );
    expect(failureOf(() => openItemKey({ ...payload, algorithm: 'aes' }, owner.privateKey))).toBe('no error');
  });

  it('a key or iv of the wrong size is refused before any crypto', () => {
    const short: ItemKey = { key: randomBytes(16), iv: randomBytes(16) };
    expect(() => encryptBytes(Buffer.from('x'), short)).toThrow(/32 bytes/);
  });
});
