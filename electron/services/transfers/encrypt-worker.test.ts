import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIPHER, newItemKey } from '../../../shared/protocol/envelope.js';
import { encryptFileOnWorker } from './encrypt-worker.js';

const MIB = 1024 * 1024;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-encw-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileOf(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

describe('encryptFileOnWorker', () => {
  it('gives the same ciphertext and plaintext hash as enciphering here, in order, the final piece last', async () => {
    for (const size of [0, 1, 16, MIB, 3 * MIB + 7]) {
      const plain = randomBytes(size);
      const file = await fileOf(`plain-${size}`, plain);
      const k = newItemKey();
      const pieces: Buffer[] = [];
      const finals: boolean[] = [];
      const reads: number[] = [];
      const r = await encryptFileOnWorker(file, k, size, (cipherText, read, final) => {
        pieces.push(cipherText);
        finals.push(final);
        reads.push(read);
      });
      const c = createCipheriv(CIPHER, k.key, k.iv);
      expect(Buffer.concat(pieces).equals(Buffer.concat([c.update(plain), c.final()])), `size ${size}`).toBe(true);
      expect(r).toEqual({ plainHash: createHash('sha256').update(plain).digest('hex'), read: size });
      expect(finals.lastIndexOf(true)).toBe(finals.length - 1);
      expect(finals.filter(Boolean)).toHaveLength(1);
      expect(reads.at(-1)).toBe(size);
    }
  });

  it('keeps two jobs at once apart', async () => {
    const a = randomBytes(5 * MIB + 3);
    const b = randomBytes(2 * MIB + 1);
    const [fa, fb] = [await fileOf('a', a), await fileOf('b', b)];
    const [ra, rb] = await Promise.all([
      encryptFileOnWorker(fa, newItemKey(), a.length, () => undefined),
      encryptFileOnWorker(fb, newItemKey(), b.length, () => undefined),
    ]);
    expect(ra.plainHash).toBe(createHash('sha256').update(a).digest('hex'));
    expect(rb.plainHash).toBe(createHash('sha256').update(b).digest('hex'));
  });

  it('stays a few blocks ahead of a slow consumer, one piece at a time', async () => {
    const size = 20 * MIB;
    const original = randomBytes(size);
    const file = await fileOf('slow', original);
    const changed = randomBytes(MIB);
    let active = 0;
    let most = 0;
    let calls = 0;
    const r = await encryptFileOnWorker(file, newItemKey(), size, async () => {
      most = Math.max(most, ++active);
      if (++calls === 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        // the last MiB, changed while the worker waits: it has not read that far yet
        const fh = await import('node:fs/promises').then((fs) => fs.open(file, 'r+'));
        await fh.write(changed, 0, MIB, size - MIB);
        await fh.close();
      }
      active--;
    });
    expect(most).toBe(1);
    expect(r.plainHash).toBe(
      createHash('sha256')
        .update(original.subarray(0, size - MIB))
        .update(changed)
        .digest('hex'),
    );
  });

  it('stops when the consumer fails, and serves the next job', async () => {
    const size = 30 * MIB;
    const file = await fileOf('fail', randomBytes(size));
    let calls = 0;
    const failed = encryptFileOnWorker(file, newItemKey(), size, () => {
      if (++calls === 2) throw new Error('the consumer gave up');
    });
    await expect(failed).rejects.toThrow('the consumer gave up');
    expect(calls).toBe(2);
    const small = randomBytes(1000);
    const r = await encryptFileOnWorker(await fileOf('after', small), newItemKey(), small.length, () => undefined);
    expect(r.plainHash).toBe(createHash('sha256').update(small).digest('hex'));
  });

  it('an abort rejects with its reason at once', async () => {
    const size = 30 * MIB;
    const file = await fileOf('abort', randomBytes(size));
    const controller = new AbortController();
    let calls = 0;
    const run = encryptFileOnWorker(
      file,
      newItemKey(),
      size,
      () => {
        if (++calls === 1) controller.abort(new Error('cancelled by the user'));
      },
      controller.signal,
    );
    const reason = await run.catch((e: unknown) => e);
    // the signal's own reason, as throwIfAborted() gives it on the in-thread path
    expect(reason).toBe(controller.signal.reason);
    expect(calls).toBe(1);
    // an aborted signal gives a rejected promise, not a throw
    const late = encryptFileOnWorker(file, newItemKey(), size, () => undefined, controller.signal);
    await expect(late).rejects.toBe(controller.signal.reason);
  });

  it('reports a missing file with its code, and a file that grew by the bytes read', async () => {
    await expect(encryptFileOnWorker(path.join(dir, 'nope'), newItemKey(), 10, () => undefined)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    const file = await fileOf('grown', randomBytes(2 * MIB));
    await appendFile(file, randomBytes(10));
    const r = await encryptFileOnWorker(file, newItemKey(), 2 * MIB, () => undefined);
    expect(r.read).toBeGreaterThan(2 * MIB);
  });
});
