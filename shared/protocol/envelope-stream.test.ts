import { randomBytes, randomInt } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, decryptBytes, encryptBytes, newItemKey, type ItemKey } from './envelope.js';
import { Base64CipherWriter, decryptContentStream, encryptedBase64Length } from './envelope-stream.js';
import { sha256Hex } from './encoding.js';

const k = newItemKey();

/** Cuts data into random pieces, 1..max bytes. */
function randomPieces<T extends Buffer | string>(data: T, max: number): T[] {
  const out: T[] = [];
  for (let at = 0; at < data.length;) {
    const n = Math.min(data.length - at, randomInt(1, max + 1));
    out.push(data.slice(at, at + n) as T);
    at += n;
  }
  return out;
}

async function runThrough(stream: NodeJS.ReadWriteStream, chunks: readonly (Buffer | string)[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  await pipeline(
    Readable.from(chunks, { objectMode: true }),
    stream,
    new Writable({
      write(chunk: Buffer, _e, done) {
        parts.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(parts);
}

function encryptStreamed(plain: Buffer, key: ItemKey, maxPiece: number) {
  const writer = new Base64CipherWriter(key);
  const parts = randomPieces(plain, maxPiece).map((piece) => writer.update(piece));
  parts.push(writer.final());
  return { text: Buffer.concat(parts).toString('latin1'), bytes: writer.plainBytes };
}

async function decryptStreamed(text: string | Buffer, key: ItemKey, chunks?: readonly (Buffer | string)[]) {
  const dec = decryptContentStream(key);
  const plain = await runThrough(dec.stream, chunks ?? [text]);
  return { plain, hash: dec.plainHash(), bytes: dec.plainBytes() };
}

async function streamFailure(chunks: readonly (Buffer | string)[], key: ItemKey = k): Promise<string> {
  try {
    await decryptStreamed('', key, chunks);
  } catch (error) {
    if (error instanceof EnvelopeError) return error.failure;
    throw error;
  }
  return 'no error';
}

describe('Base64CipherWriter', () => {
  for (const size of [0, 1, 2, 3, 15, 16, 17, 47, 48, 49, 4 * 1024 * 1024 + 3]) {
    it(`agrees byte for byte with encryptBytes for ${size} bytes, with an exact predicted length`, async () => {
      const plain = randomBytes(size);
      // pieces of 1–7 bytes exercise every carry; large ones the 64 KiB split inside update()
      const streamed = encryptStreamed(plain, k, size > 1024 ? 300_000 : 7);
      expect(streamed.text).toBe(encryptBytes(plain, k).toString('base64'));
      expect(streamed.text.length).toBe(encryptedBase64Length(size));
      expect(streamed.bytes).toBe(size);
      const back = await decryptStreamed(streamed.text, k);
      expect(back.plain.equals(plain)).toBe(true);
      expect(back.hash).toBe(sha256Hex(plain));
    });
  }

  it('gives each update its own buffer, so earlier output may still be in flight', () => {
    const writer = new Base64CipherWriter(k);
    const first = writer.update(Buffer.alloc(300, 1));
    const copy = Buffer.from(first);
    writer.update(Buffer.alloc(300, 2));
    writer.final();
    expect(first.equals(copy)).toBe(true);
  });

  it('encryptedBase64Length matches the real size from 0 to 100 bytes', () => {
    for (let n = 0; n <= 100; n++) {
      expect(encryptedBase64Length(n)).toBe(encryptBytes(Buffer.alloc(n), k).toString('base64').length);
    }
  });
});

describe('decryptContentStream', () => {
  const plain = randomBytes(100_003);
  const text = encryptBytes(plain, k).toString('base64');

  it('decrypts under random chunking, mixing strings and buffers (fuzz)', async () => {
    for (let round = 0; round < 40; round++) {
      const pieces = randomPieces(text, randomInt(1, 5000)).map((piece) =>
        randomInt(2) === 0 ? piece : Buffer.from(piece, 'latin1'),
      );
      const out = await decryptStreamed('', k, pieces);
      expect(out.plain.equals(plain)).toBe(true);
      expect(out.hash).toBe(sha256Hex(plain));
      expect(out.bytes).toBe(plain.length);
    }
  });

  it('hands each written Buffer back once it is read, and no string', async () => {
    const pieces = [
      text.slice(0, 1000),
      Buffer.from(text.slice(1000, 50_000), 'latin1'),
      Buffer.from(text.slice(50_000), 'latin1'),
    ];
    const released: unknown[] = [];
    const d = decryptContentStream(k, (written) => released.push(written));
    const chunks: Buffer[] = [];
    await pipeline(
      Readable.from(pieces, { objectMode: true }),
      d.stream,
      new Writable({ write: (c: Buffer, _e, done) => done(void chunks.push(c)) }),
    );
    expect(Buffer.concat(chunks).equals(plain)).toBe(true);
    expect(released).toEqual([pieces[1], pieces[2]]);
    expect(released[0]).toBe(pieces[1]);
  });

  it('decrypts one character at a time, padding split too', async () => {
    const small = Buffer.from('twenty-one characters');
    const b64 = encryptBytes(small, k).toString('base64');
    expect(b64.endsWith('=')).toBe(true);
    const out = await decryptStreamed('', k, b64.split(''));
    expect(out.plain.equals(small)).toBe(true);
  });

  it('gives the same plaintext as decryptBytes for a multi-MiB document in buffer chunks', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 9);
    const cipher = encryptBytes(big, k);
    const b64 = Buffer.from(cipher.toString('base64'), 'latin1');
    const out = await decryptStreamed('', k, randomPieces(b64, 1 << 20));
    expect(out.plain.equals(decryptBytes(cipher, k))).toBe(true);
  });

  it('rejects characters outside the standard alphabet, wherever they are', async () => {
    const mid = text.length >> 1;
    for (const bad of ['-', '_', ' ', '\n', '!', 'é', '\u0141']) {
      const broken = text.slice(0, mid) + bad + text.slice(mid + 1);
      expect(await streamFailure(randomPieces(broken, 4000))).toBe('not-base64');
    }
    const nonAscii = Buffer.from(text, 'latin1');
    nonAscii[10] = 0xc1;
    expect(await streamFailure([nonAscii])).toBe('not-base64');
  });

  it('rejects a length that is not a multiple of 4, and text after the padding', async () => {
    expect(await streamFailure([text.slice(0, -1)])).toBe('not-base64');
    const padded = encryptBytes(Buffer.from('x'), k).toString('base64');
    expect(padded.endsWith('==')).toBe(true);
    expect(await streamFailure([padded, 'AAAA'])).toBe('not-base64');
    expect(await streamFailure([padded.slice(0, -2) + '=A'])).toBe('not-base64');
    expect(await streamFailure(['AA=A' + text])).toBe('not-base64');
  });

  it('reports truncated ciphertext (not a multiple of 16 bytes, or empty)', async () => {
    const cipher = encryptBytes(plain, k);
    expect(await streamFailure([cipher.subarray(0, 33).toString('base64')])).toBe('truncated');
    expect(await streamFailure([''])).toBe('truncated');
  });

  it('reports bad padding for the wrong key', async () => {
    // With a wrong key the last block's padding is invalid except by rare chance (~1/256);
    // try a few keys and require that at least one and every failure is bad-padding.
    const failures = new Set<string>();
    for (let i = 0; i < 4; i++) failures.add(await streamFailure([text], newItemKey()));
    failures.delete('no error');
    expect([...failures]).toEqual(['bad-padding']);
  });
});
