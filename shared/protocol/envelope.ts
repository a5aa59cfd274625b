// Item envelope (protocol.md §4) for whole buffers: headers and small
// structured records. Large documents use envelope-stream.ts. Node-only.
import { FailureError } from '../failure-error.js';
import {
  X509Certificate,
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type { ItemWritePayload, RecordHeader } from '../types.js';
import { parseRecordHeader } from '../headers.js';
import { decodeBase64Strict } from './base64-decode.js';
import { isLowerHex, sha256Hex } from './encoding.js';

export interface ItemKey {
  /** 32 random bytes. */
  readonly key: Buffer;
  /** 16 random bytes. */
  readonly iv: Buffer;
}

export type EnvelopeFailure =
  | 'not-base64'
  | 'not-hex'
  | 'wrong-key'
  | 'truncated'
  | 'bad-padding'
  | 'header-hash'
  | 'content-hash'
  | 'key-hash'
  | 'bad-header'
  | 'unsupported-algorithm';

export class EnvelopeError extends FailureError<EnvelopeFailure> {
  override readonly name = 'EnvelopeError';
}

/** A public key: a KeyObject, PEM public key, or PEM/DER certificate. */
export type PublicKeyInput = KeyObject | string | Buffer;
type PrivateKeyInput = KeyObject | string;

export const CIPHER = 'aes-256-cbc';
const KEY_BYTES = 32;
const IV_BYTES = 16;
const BLOCK = 16;

export function newItemKey(): ItemKey {
  return { key: randomBytes(KEY_BYTES), iv: randomBytes(IV_BYTES) };
}

/** Refuses keys of the wrong size early: node:crypto's own message is cryptic. */
export function assertItemKey(k: ItemKey): void {
  if (k.key.length !== KEY_BYTES) throw new RangeError(`AES-256 key must be ${KEY_BYTES} bytes, got ${k.key.length}`);
  if (k.iv.length !== IV_BYTES) throw new RangeError(`AES-CBC iv must be ${IV_BYTES} bytes, got ${k.iv.length}`);
}

export function encryptBytes(plain: Buffer, k: ItemKey): Buffer {
  assertItemKey(k);
  const cipher = createCipheriv(CIPHER, k.key, k.iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/** Throws EnvelopeError('truncated' | 'bad-padding'). */
export function decryptBytes(cipher: Buffer, k: ItemKey): Buffer {
  assertItemKey(k);
  if (cipher.length === 0 || cipher.length % BLOCK !== 0) {
    throw new EnvelopeError(
      'truncated',
      `ciphertext is ${cipher.length} bytes, not a positive multiple of the ${BLOCK}-byte AES block: it is truncated`,
    );
  }
  const decipher = createDecipheriv(CIPHER, k.key, k.iv);
  const head = decipher.update(cipher);
  try {
    return Buffer.concat([head, decipher.final()]);
  } catch {
    throw new EnvelopeError(
      'bad-padding',
      'decrypted data has invalid PKCS#7 padding: wrong key or iv, or corrupted ciphertext',
    );
  }
}

/** Any accepted public-key form to a KeyObject; certificates give their subject key. */
function toPublicKey(input: PublicKeyInput): KeyObject {
  if (typeof input !== 'string' && !Buffer.isBuffer(input)) {
    return input.type === 'private' ? createPublicKey(input) : input;
  }
  const text = typeof input === 'string' ? input : undefined;
  if (text !== undefined && !text.includes('-----BEGIN CERTIFICATE-----')) return createPublicKey(text);
  try {
    return new X509Certificate(input).publicKey;
  } catch (certError) {
    if (text !== undefined) throw certError;
    // Not a certificate in a Buffer: a PEM or DER (SPKI) public key.
    const pem = input.toString('latin1');
    return pem.includes('-----BEGIN')
      ? createPublicKey(pem)
      : createPublicKey({ key: input, format: 'der', type: 'spki' });
  }
}

function toPrivateKey(input: PrivateKeyInput): KeyObject {
  return typeof input === 'string' ? createPrivateKey(input) : input;
}

/** RSA-OAEP (SHA-1, MGF1-SHA-1), Base-64. */
export function wrapKey(key: Buffer, recipient: PublicKeyInput): string {
  return publicEncrypt(
    { key: toPublicKey(recipient), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    key,
  ).toString('base64');
}

/** Throws EnvelopeError('not-base64' | 'wrong-key'). */
export function unwrapKey(wrapped: string, privateKey: PrivateKeyInput): Buffer {
  const bytes = decodeBase64Strict(wrapped);
  if (bytes === undefined || bytes.length === 0) {
    throw new EnvelopeError('not-base64', 'the wrapped key is not valid Base-64');
  }
  let key: Buffer;
  try {
    key = privateDecrypt(
      { key: toPrivateKey(privateKey), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      bytes,
    );
  } catch {
    throw new EnvelopeError(
      'wrong-key',
      'the item key could not be unwrapped with this private key (RSA-OAEP failed): it was wrapped for another certificate',
    );
  }
  if (key.length !== KEY_BYTES) {
    throw new EnvelopeError('wrong-key', `the unwrapped item key is ${key.length} bytes, expected ${KEY_BYTES}`);
  }
  return key;
}

/** Unwrap with our key and wrap for another organization's certificate. */
export function rewrapKey(wrapped: string, privateKey: PrivateKeyInput, recipient: PublicKeyInput): string {
  return wrapKey(unwrapKey(wrapped, privateKey), recipient);
}

/** Encrypts a header and buffer content for the owner; a fresh key unless one is given. */
export function sealItem(
  input: { readonly header: RecordHeader; readonly content: Buffer; readonly itemKey?: ItemKey },
  owner: PublicKeyInput,
): ItemWritePayload {
  const k = input.itemKey ?? newItemKey();
  const headerBytes = Buffer.from(JSON.stringify(input.header), 'utf8');
  return {
    header: encryptBytes(headerBytes, k).toString('base64'),
    headerHash: sha256Hex(headerBytes),
    headerHashAlgorithm: 'SHA256',
    content: encryptBytes(input.content, k).toString('base64'),
    contentHash: sha256Hex(input.content),
    contentHashAlgorithm: 'SHA256',
    key: wrapKey(k.key, owner),
    keyHash: sha256Hex(k.key),
    keyHashAlgorithm: 'SHA256',
    iv: k.iv.toString('hex'),
    algorithm: 'AES',
  };
}

export interface ItemFields {
  readonly header: string;
  readonly headerHash: string;
  readonly contentHash: string;
  readonly key: string;
  readonly keyHash: string;
  readonly iv: string;
  readonly algorithm?: string;
}

function requireHex(value: string, length: number, field: string): void {
  if (typeof value !== 'string' || !isLowerHex(value, length)) {
    throw new EnvelopeError('not-hex', `${field} is not ${length} lower-case hex characters`);
  }
}

function decodeField(value: string, field: string): Buffer {
  const bytes = typeof value === 'string' ? decodeBase64Strict(value) : undefined;
  if (bytes === undefined) throw new EnvelopeError('not-base64', `${field} is not valid Base-64`);
  return bytes;
}

function hashMatches(bytes: Buffer, expectedHex: string): boolean {
  return timingSafeEqual(Buffer.from(sha256Hex(bytes), 'latin1'), Buffer.from(expectedHex, 'latin1'));
}

/** Unwraps the key, checks keyHash, and returns key and iv. Throws EnvelopeError. */
export function openItemKey(item: ItemFields, privateKey: PrivateKeyInput): ItemKey {
  if (item.algorithm !== undefined && item.algorithm.toUpperCase() !== 'AES') {
    throw new EnvelopeError('unsupported-algorithm', `algorithm "${item.algorithm}" is not supported; only AES`);
  }
  requireHex(item.iv, IV_BYTES * 2, 'iv');
  requireHex(item.keyHash, 64, 'keyHash');
  const key = unwrapKey(item.key, privateKey);
  if (!hashMatches(key, item.keyHash)) {
    throw new EnvelopeError(
      'key-hash',
      'the unwrapped key does not match the item keyHash: the item may be being re-keyed by its owner; try again later',
    );
  }
  return { key, iv: Buffer.from(item.iv, 'hex') };
}

/** Decrypts and verifies the header (headerHash). Throws EnvelopeError('header-hash' | 'bad-header' | ...). */
export function openHeader(item: ItemFields, k: ItemKey): RecordHeader {
  requireHex(item.headerHash, 64, 'headerHash');
  const plain = decryptBytes(decodeField(item.header, 'header'), k);
  if (!hashMatches(plain, item.headerHash)) {
    throw new EnvelopeError(
      'header-hash',
      'the decrypted header does not match headerHash: the item is corrupted or was tampered with',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain.toString('utf8'));
  } catch {
    throw new EnvelopeError('bad-header', 'the decrypted header is not JSON');
  }
  const opened = parseRecordHeader(parsed);
  if ('problem' in opened) throw new EnvelopeError('bad-header', opened.problem);
  return opened.header;
}

/** Decrypts Base-64 content and verifies contentHash. Throws EnvelopeError('content-hash' | ...). */
export function openContent(item: ItemFields & { readonly content: string }, k: ItemKey): Buffer {
  requireHex(item.contentHash, 64, 'contentHash');
  const plain = decryptBytes(decodeField(item.content, 'content'), k);
  if (!hashMatches(plain, item.contentHash)) {
    throw new EnvelopeError(
      'content-hash',
      'the decrypted content does not match contentHash: the item is corrupted or was tampered with',
    );
  }
  return plain;
}
