// Streaming content encryption for documents: memory stays flat whatever the size.
// Work is done in whole chunks by native code (cipher, hash, Base-64); only the 0–3
// characters that do not fill a Base-64 group are carried between chunks.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { CIPHER, EnvelopeError, assertItemKey, type ItemKey } from './envelope.js';

export interface EncryptStream {
  /** Plaintext bytes in, Base-64 text of the AES-256-CBC ciphertext out (ASCII Buffers). */
  readonly stream: Transform;
  /** Lower-case hex SHA-256 of the plaintext; valid after the stream ends (unless hashing was turned off). */
  plainHash(): string;
  /** Count of plaintext bytes seen. */
  plainBytes(): number;
  /**
   * The last 16 ciphertext bytes, after the stream ends. CBC chains every block into the
   * next, so under the same secret key and IV any change to the plaintext changes them:
   * a second encryption of the same file can be checked without hashing it again.
   */
  lastBlock(): Buffer;
}

export interface EncryptOptions {
  /** Hash the plaintext (default true); off when the hash is already known. */
  readonly hashPlaintext?: boolean;
}

export interface DecryptStream {
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

export function encryptContentStream(k: ItemKey, options: EncryptOptions = {}): EncryptStream {
  assertItemKey(k);
  const cipher = createCipheriv(CIPHER, k.key, k.iv);
  const hash = options.hashPlaintext === false ? undefined : createHash('sha256');
  let carry = EMPTY; // 0–2 ciphertext bytes not yet Base-64 encoded
  let count = 0;
  let digest: string | undefined;
  let last = EMPTY; // the newest ciphertext bytes, at most 16
  let ended = false;

  // Encodes whole 3-byte groups so the concatenated output is one valid Base-64 text.
  const emit = (t: Transform, bytes: Buffer, final: boolean): void => {
    last = bytes.length >= 16 ? Buffer.from(bytes.subarray(bytes.length - 16)) : Buffer.concat([last, bytes]).subarray(-16);
    // The carried 1–2 bytes are completed into one group on their own, so the large chunk is
    // encoded where it lies (no copy of every chunk behind a 1–2 byte carry).
    let head = '';
    let from = 0;
    if (carry.length > 0) {
      const need = 3 - carry.length;
      if (bytes.length < need && !final) {
        carry = Buffer.concat([carry, bytes]);
        return;
      }
      from = Math.min(need, bytes.length);
      head = Buffer.concat([carry, bytes.subarray(0, from)]).toString('base64');
      carry = EMPTY;
    }
    const rest = bytes.length - from;
    const whole = final ? rest : rest - (rest % 3);
    if (!final) carry = Buffer.from(bytes.subarray(from + whole));
    const body = whole > 0 ? bytes.subarray(from, from + whole).toString('base64') : '';
    if (head.length + body.length === 0) return;
    const out = Buffer.allocUnsafe(head.length + body.length);
    out.write(head, 0, 'latin1');
    out.write(body, head.length, 'latin1');
    t.push(out);
  };

  const stream = new Transform({
    readableHighWaterMark: HIGH_WATER,
    writableHighWaterMark: HIGH_WATER,
    transform(chunk: unknown, encoding: BufferEncoding, done: TransformCallback) {
      try {
        const plain = toBuffer(chunk, encoding);
        count += plain.length;
        hash?.update(plain);
        emit(this, cipher.update(plain), false);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        emit(this, cipher.final(), true);
        digest = hash?.digest('hex');
        ended = true;
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  const lastBlock = (): Buffer => {
    if (!ended) throw new Error('the last block is known only after the stream has ended');
    return Buffer.from(last);
  };
  const plainHash = hash ? hashGetter(() => digest) : (): string => {
    throw new Error('this stream was made without hashing the plaintext');
  };
  return { stream, plainHash, plainBytes: () => count, lastBlock };
}

function notBase64(detail: string): EnvelopeError {
  return new EnvelopeError('not-base64', `the encrypted content is not valid Base-64: ${detail}`);
}

export function decryptContentStream(k: ItemKey): DecryptStream {
  assertItemKey(k);
  const decipher = createDecipheriv(CIPHER, k.key, k.iv);
  const hash = createHash('sha256');
  let carry = ''; // 0–3 characters that do not yet make a 4-character group
  let tail: string | undefined; // set once '=' is seen: the final group, completed by padding only
  let cipherBytes = 0;
  let count = 0;
  let digest: string | undefined;

  const push = (t: Transform, plain: Buffer): void => {
    if (plain.length === 0) return;
    count += plain.length;
    hash.update(plain);
    t.push(plain);
  };

  // Decodes whole groups without padding; Node's decoder is lenient, so a short result or a
  // URL-safe character means the text held something outside the standard alphabet.
  const decodeGroups = (t: Transform, text: string): void => {
    if (text.length === 0) return;
    const bytes = Buffer.from(text, 'base64');
    if (
      bytes.length !== (text.length / 4) * 3 ||
      text.indexOf('-') !== -1 ||
      text.indexOf('_') !== -1 ||
      // Node decodes a character above U+00FF by its low byte: 'Ł' (U+0141) would pass as 'A'.
      Buffer.byteLength(text, 'utf8') !== text.length
    ) {
      throw notBase64('a character outside the standard alphabet');
    }
    cipherBytes += bytes.length;
    push(t, decipher.update(bytes));
  };

  const stream = new Transform({
    readableHighWaterMark: HIGH_WATER,
    writableHighWaterMark: HIGH_WATER,
    decodeStrings: false,
    transform(chunk: unknown, _encoding: BufferEncoding, done: TransformCallback) {
      try {
        // latin1 maps every byte to one character, so a non-ASCII byte stays invalid.
        const text = typeof chunk === 'string' ? chunk : toBuffer(chunk, 'latin1').toString('latin1');
        if (tail !== undefined) {
          tail += text;
          if (tail.length > 4) throw notBase64('text continues after the padding');
          done();
          return;
        }
        const data = carry.length === 0 ? text : carry + text;
        const pad = data.indexOf('=');
        if (pad !== -1) {
          const groupStart = pad - (pad % 4);
          decodeGroups(this, data.slice(0, groupStart));
          carry = '';
          tail = data.slice(groupStart);
          if (tail.length > 4) throw notBase64('text continues after the padding');
        } else {
          const whole = data.length - (data.length % 4);
          decodeGroups(this, data.slice(0, whole));
          carry = data.slice(whole);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (tail !== undefined) {
          const last = tail.length === 4 ? Buffer.from(tail, 'base64') : undefined;
          const padding = tail.endsWith('==') ? 2 : 1;
          if (
            last === undefined ||
            !/^[A-Za-z0-9+/]{2}(?:==|[A-Za-z0-9+/]=)$/.test(tail) ||
            last.length !== 3 - padding
          ) {
            throw notBase64('bad final group with padding');
          }
          cipherBytes += last.length;
          push(this, decipher.update(last));
        } else if (carry.length !== 0) {
          throw notBase64(`length is not a multiple of 4 (${carry.length} characters left over)`);
        }
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
          throw new EnvelopeError('bad-padding', 'decrypted content has invalid PKCS#7 padding: wrong key or iv, or corrupted ciphertext');
        }
        push(this, final);
        digest = hash.digest('hex');
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  return { stream, plainHash: hashGetter(() => digest), plainBytes: () => count };
}

/** Exact Base-64 length of the encrypted content for a plaintext size (PKCS#7 pads to the next 16). */
export function encryptedBase64Length(plainSize: number): number {
  const cipherSize = 16 * (Math.floor(plainSize / 16) + 1);
  return 4 * Math.ceil(cipherSize / 3);
}
