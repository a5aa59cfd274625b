import { createHash, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openHashJobs, sha256Set } from './parallel-sha256.js';

const hex = (...parts: Buffer[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

describe('sha256Set', () => {
  for (const large of [true, false]) {
    it(`agrees with createHash under any chunking, several hashes at once (${large ? 'worker' : 'this thread'})`, async () => {
      const a = randomBytes(5 * 1024 * 1024 + 13);
      const b = randomBytes(700_001);
      const set = sha256Set(3, large);
      for (const [index, data] of [
        [0, a],
        [1, b],
      ] as const) {
        for (let at = 0; at < data.length; ) {
          const n = Math.min(data.length - at, randomInt(1, 3 * 1024 * 1024));
          // the caller's buffer may change once update() returns: the set copied it
          const piece = Buffer.from(data.subarray(at, at + n));
          set.update(index, piece);
          piece.fill(0);
          at += n;
          await set.ready();
        }
      }
      expect(await set.digest()).toEqual([hex(a), hex(b), hex()]);
      await expect(set.digest()).rejects.toThrow(/finished/);
    });
  }

  it('keeps separate jobs apart when they run at the same time', async () => {
    const inputs = Array.from({ length: 4 }, () => randomBytes(3 * 1024 * 1024));
    const sets = inputs.map(() => sha256Set(1));
    for (let at = 0; at < inputs[0]!.length; at += 100_000) {
      sets.forEach((s, i) => s.update(0, inputs[i]!.subarray(at, at + 100_000)));
    }
    const digests = await Promise.all(sets.map((s) => s.digest()));
    expect(digests.map((d) => d[0])).toEqual(inputs.map((x) => hex(x)));
  });

  it('makes the caller wait while much is unhashed, and lets it go on', async () => {
    const set = sha256Set(1);
    const data = randomBytes(1024 * 1024);
    for (let i = 0; i < 12; i++) set.update(0, data);
    expect(set.busy).toBe(true);
    await set.ready();
    expect(set.busy).toBe(false);
    expect((await set.digest())[0]).toBe(hex(...Array.from({ length: 12 }, () => data)));
  });

  it('a digest still pending when the job is aborted rejects instead of waiting forever', async () => {
    const set = sha256Set(1);
    set.update(0, randomBytes(3 * 1024 * 1024));
    const digest = set.digest();
    set.abort();
    await expect(digest).rejects.toThrow(/stopped/);
    expect(openHashJobs()).toBe(0);
  });

  it('an aborted job refuses further waits and digests', async () => {
    const set = sha256Set(1);
    set.update(0, randomBytes(2 * 1024 * 1024));
    set.abort();
    await expect(set.ready()).rejects.toThrow(/stopped/);
    await expect(set.digest()).rejects.toThrow(/finished/);
    // the shared worker still serves new jobs
    const next = sha256Set(1);
    next.update(0, Buffer.from('abc'));
    expect((await next.digest())[0]).toBe(hex(Buffer.from('abc')));
  });
});
