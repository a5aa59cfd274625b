// Item envelope (interface.md §2, decisions.md §2) for whole buffers: headers and small
// structured records. Large documents use envelope-stream.ts. STUB. Node-only.
import type { KeyObject } from 'node:crypto';
import type { ItemWritePayload, RecordHeader } from '../types.js';

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

export class EnvelopeError extends Error {
  constructor(
    readonly failure: EnvelopeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

/** A public key: a KeyObject, PEM public key, or PEM/DER certificate. */
export type PublicKeyInput = KeyObject | string | Buffer;
export type PrivateKeyInput = KeyObject | string;

export declare function newItemKey(): ItemKey;
export declare function encryptBytes(plain: Buffer, k: ItemKey): Buffer;
/** Throws EnvelopeError('truncated' | 'bad-padding'). */
export declare function decryptBytes(cipher: Buffer, k: ItemKey): Buffer;
/** RSA-OAEP (SHA-1, MGF1-SHA-1), Base-64. */
export declare function wrapKey(key: Buffer, recipient: PublicKeyInput): string;
/** Throws EnvelopeError('not-base64' | 'wrong-key'). */
export declare function unwrapKey(wrapped: string, privateKey: PrivateKeyInput): Buffer;
/** Unwrap with our key and wrap for another organization's certificate. */
export declare function rewrapKey(wrapped: string, privateKey: PrivateKeyInput, recipient: PublicKeyInput): string;

/** Encrypts a header and buffer content for the owner; a fresh key unless one is given. */
export declare function sealItem(
  input: { readonly header: RecordHeader; readonly content: Buffer; readonly itemKey?: ItemKey },
  owner: PublicKeyInput,
): ItemWritePayload;

export interface ItemFields {
  readonly header: string;
  readonly headerHash: string;
  readonly contentHash: string;
  readonly key: string;
  readonly keyHash: string;
  readonly iv: string;
  readonly algorithm?: string;
}

/** Unwraps the key, checks keyHash, and returns key and iv. Throws EnvelopeError. */
export declare function openItemKey(item: ItemFields, privateKey: PrivateKeyInput): ItemKey;
/** Decrypts and verifies the header (headerHash). Throws EnvelopeError('header-hash' | 'bad-header' | ...). */
export declare function openHeader(item: ItemFields, k: ItemKey): RecordHeader;
/** Decrypts Base-64 content and verifies contentHash. Throws EnvelopeError('content-hash' | ...). */
export declare function openContent(item: ItemFields & { readonly content: string }, k: ItemKey): Buffer;
