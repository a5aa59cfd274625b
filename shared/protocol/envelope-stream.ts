// Streaming content encryption for documents: memory stays flat whatever the size. STUB.
import type { Transform } from 'node:stream';
import type { ItemKey } from './envelope.js';

export interface EncryptStream {
  /** Plaintext bytes in, Base-64 text of the AES-256-CBC ciphertext out (ASCII Buffers). */
  readonly stream: Transform;
  /** Lower-case hex SHA-256 of the plaintext; valid after the stream ends. */
  plainHash(): string;
  /** Count of plaintext bytes seen. */
  plainBytes(): number;
}

export interface DecryptStream {
  /** Base-64 text of the ciphertext in (strings or Buffers, any chunking), plaintext out. Errors with EnvelopeError. */
  readonly stream: Transform;
  plainHash(): string;
  plainBytes(): number;
}

export declare function encryptContentStream(k: ItemKey): EncryptStream;
export declare function decryptContentStream(k: ItemKey): DecryptStream;
/** Exact Base-64 length of the encrypted content for a plaintext size (PKCS#7 pads to the next 16). */
export declare function encryptedBase64Length(plainSize: number): number;
