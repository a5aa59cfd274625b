// Streaming content encryption and decryption for documents: memory stays flat whatever
// the size. Work is done in whole chunks by native code (cipher, hash, Base-64); only the
// 0–3 characters that do not fill a Base-64 group are carried between chunks.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { CIPHER, EnvelopeError, assertItemKey, type ItemKey } from './envelope.js';
import { Base64StreamDecoder } from './base64-stream.js';

interface DecryptStream {
  /** Base-64 text of the ciphertext in (strings or Buffers, any chunking), plaintext out. Errors with EnvelopeError. */
  readonly stream: Transform;
  plainHash(): string;
  plainBytes(): number;
}

const EMPTY = Buffer.alloc(0);
// Large internal buffers keep per-chunk overhead negligible on 200 MiB documents.
const HIGH_WATER = 1 << 20;

function hashGetter(read: () => string | undefined): () => string {
  return () => {
    const value = read();
    if (value === undefined) throw new Error('the plaintext hash is available only after the stream has ended');
    return value;
  };
}

function toBuffer(chunk: unknown, encoding: BufferEncoding): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('expected Buffer, Uint8Array or string chunks');
}

/** Plaintext is enciphered this much at a time: each piece's Base-64 string is short-lived and young (collected at once). */
const PIECE = 64 * 1024;
/** Bytes encoded per string (a multiple of 3, so pieces join without padding). */
const ENCODE_PIECE = 3 * 16 * 1024;

/**
 * Base-64 of bytes that arrive in pieces, as one text written into the caller's buffers:
 * whole 3-byte groups are encoded, the 0–2 bytes left over are carried into the next call,
 * and strings are built 48 KiB at a time, so they die young.
 */
export class Base64BlockEncoder {
  private carry = EMPTY;

  /** Room encodeInto needs for `length` more bytes. */
  room(length: number): number {
    return Math.ceil((length + this.carry.length) / 3) * 4;
  }

  /** Encodes into `out` at `at`; `final` pads the end of the text. Returns the new end. */
  encodeInto(bytes: Buffer, final: boolean, out: Buffer, at: number): number {
    let used = at;
    let from = 0;
    if (this.carry.length > 0) {
      // the carried 1–2 bytes are completed into one group on their own: no copy of the large piece
      const need = 3 - this.carry.length;
      if (bytes.length < need && !final) {
        this.carry = Buffer.concat([this.carry, bytes]);
        return used;
      }
      from = Math.min(need, bytes.length);
      used += out.write(Buffer.concat([this.carry, bytes.subarray(0, from)]).toString('base64'), used, 'latin1');
      this.carry = EMPTY;
    }
    const rest = bytes.length - from;
    const end = from + (final ? rest : rest - (rest % 3));
    if (end < bytes.length) this.carry = Buffer.from(bytes.subarray(end));
    for (let piece = from; piece < end; piece += ENCODE_PIECE) {
      used += out.write(bytes.toString('base64', piece, Math.min(end, piece + ENCODE_PIECE)), used, 'latin1');
    }
    return used;
  }
}

/** The last 16 bytes of a ciphertext seen so far, `before` being those before `bytes`. */
export function lastCipherBlock(before: Buffer, bytes: Buffer): Buffer {
  if (bytes.length === 0) return before;
  return bytes.length >= 16
    ? Buffer.from(bytes.subarray(bytes.length - 16))
    : Buffer.concat([before, bytes]).subarray(-16);
}

/**
 * AES-256-CBC encryption as one Base-64 text, block by block, without a stream: each
 * update() returns the next ASCII bytes (a fresh Buffer, or the caller's to reuse). Whole 3-byte
 * groups are encoded; the 0–2 bytes left over are carried into the next call.
 */
export class Base64CipherWriter {
  private readonly cipher: ReturnType<typeof createCipheriv>;
  private readonly base64 = new Base64BlockEncoder();
  private count = 0;
  private last: Buffer = EMPTY;

  constructor(k: ItemKey) {
    assertItemKey(k);
    this.cipher = createCipheriv(CIPHER, k.key, k.iv);
  }

  /** Plaintext bytes seen. */
  get plainBytes(): number {
    return this.count;
  }

  /**
   * The last 16 ciphertext bytes, after final(). CBC chains every block into the next, so
   * under the same key and IV any change to the plaintext changes them: a second
   * encryption of the same file can be checked without hashing it again.
   */
  lastBlock(): Buffer {
    return Buffer.from(this.last);
  }

  /** Room update() needs for `length` plaintext bytes (at most 16 more ciphertext bytes, plus the carry). */
  room(length: number): number {
    return this.base64.room(length + 16);
  }

  /** The next text, in `into` when it has room() (reused blocks make no garbage), else in a fresh Buffer. */
  update(plain: Uint8Array, into?: Buffer): Buffer {
    this.count += plain.length;
    const need = this.room(plain.length);
    const out = into && into.length >= need ? into : Buffer.allocUnsafe(need);
    let used = 0;
    for (let at = 0; at < plain.length; at += PIECE) {
      used = this.encode(this.cipher.update(plain.subarray(at, Math.min(plain.length, at + PIECE))), false, out, used);
    }
    return out.subarray(0, used);
  }

  /** The last ciphertext (PKCS#7 padding) and the Base-64 padding. */
  final(): Buffer {
    const out = Buffer.allocUnsafe(this.base64.room(16));
    return out.subarray(0, this.encode(this.cipher.final(), true, out, 0));
  }

  private encode(bytes: Buffer, final: boolean, out: Buffer, at: number): number {
    this.last = lastCipherBlock(this.last, bytes);
    return this.base64.encodeInto(bytes, final, out, at);
  }
}

function notBase64(detail: string): EnvelopeError {
  return new EnvelopeError('not-base64', `the encrypted content is not valid Base-64: ${detail}`);
}

/**
 * The plaintext is hashed here as it comes out of the decipher, still in this core's cache
 * (a worker thread hashing copies of it made a 200 MiB download 0.1 s slower). `release` gets
 * each Buffer written once it has been read, so the writer may fill it again.
 */
export function decryptContentStream(k: ItemKey, release?: (written: Buffer) => void): DecryptStream {
  assertItemKey(k);
  const decipher = createDecipheriv(CIPHER, k.key, k.iv);
  const hash = createHash('sha256');
  // Base-64 is decoded into this buffer piece by piece (no allocation per piece), then
  // deciphered and passed on once per chunk (one file write per chunk, not per piece).
  let decoded = Buffer.allocUnsafe(HIGH_WATER);
  let decodedLength = 0;
  let cipherBytes = 0;
  let count = 0;
  let digest: string | undefined;
  const base64 = new Base64StreamDecoder(undefined, {
    space: (bytes) => {
      if (decoded.length - decodedLength < bytes) {
        const bigger = Buffer.allocUnsafe(Math.max(decoded.length * 2, decodedLength + bytes));
        decoded.copy(bigger, 0, 0, decodedLength);
        decoded = bigger;
      }
      return { buffer: decoded, offset: decodedLength };
    },
    filled: (bytes) => {
      decodedLength += bytes;
    },
  });

  const push = (t: Transform, plain: Buffer): void => {
    if (plain.length === 0) return;
    count += plain.length;
    hash.update(plain);
    t.push(plain);
  };
  const feed = (text: string): void => {
    base64.feed(text);
    if (!base64.plausible) throw notBase64('a character outside the standard alphabet, or text after the padding');
  };
  const decipherDecoded = (t: Transform): void => {
    if (decodedLength === 0) return;
    cipherBytes += decodedLength;
    push(t, decipher.update(decoded.subarray(0, decodedLength)));
    decodedLength = 0;
  };

  const stream = new Transform({
    readableHighWaterMark: HIGH_WATER,
    writableHighWaterMark: HIGH_WATER,
    decodeStrings: false,
    transform(chunk: unknown, _encoding: BufferEncoding, done: TransformCallback) {
      try {
        if (typeof chunk === 'string') feed(chunk);
        else {
          // latin1 maps every byte to one character, so a non-ASCII byte stays invalid;
          // 64 KiB strings at a time stay young (no 1 MiB strings waiting for a full GC)
          const bytes = toBuffer(chunk, 'latin1');
          for (let at = 0; at < bytes.length; at += PIECE)
            feed(bytes.toString('latin1', at, Math.min(bytes.length, at + PIECE)));
          if (Buffer.isBuffer(chunk)) release?.(chunk);
        }
        decipherDecoded(this);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
    flush(done: TransformCallback) {
      try {
        if (!base64.ok) throw notBase64(`length is not a multiple of 4, or bad padding`);
        decipherDecoded(this);
        if (cipherBytes === 0 || cipherBytes % 16 !== 0) {
          throw new EnvelopeError(
            'truncated',
            `ciphertext is ${cipherBytes} bytes, not a positive multiple of the 16-byte AES block: it is truncated`,
          );
        }
        let final: Buffer;
        try {
          final = decipher.final();
        } catch {
          throw new EnvelopeError(
            'bad-padding',
            'decrypted content has invalid PKCS#7 padding: wrong key or iv, or corrupted ciphertext',
          );
        }
        push(this, final);
      } catch (error) {
        done(error as Error);
        return;
      }
      digest = hash.digest('hex');
      done();
    },
  });
  return { stream, plainHash: hashGetter(() => digest), plainBytes: () => count };
}

/** Exact Base-64 length of the encrypted content for a plaintext size (PKCS#7 pads to the next 16). */
export function encryptedBase64Length(plainSize: number): number {
  const cipherSize = 16 * (Math.floor(plainSize / 16) + 1);
  return 4 * Math.ceil(cipherSize / 3);
}
