// mapLimit keeps the input order with at most `limit` calls in flight, and starts no call after
// one has failed (a flaky network costs no more requests than it must).
import { expect, it } from 'vitest';
import { mapLimit } from './map-limit.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

it('keeps the input order, with at most `limit` calls in flight', async () => {
  let inFlight = 0;
  let most = 0;
  const out = await mapLimit(range(7), 3, async (i) => {
    most = Math.max(most, ++inFlight);
    await Promise.resolve();
    inFlight--;
    return i * 2;
  });
  expect(out).toEqual([0, 2, 4, 6, 8, 10, 12]);
  expect(most).toBe(3);
});

it('starts no call once one has failed', async () => {
  const started: number[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const mapped = mapLimit(range(10), 2, async (i) => {
    started.push(i);
    if (i === 0) throw new Error('dropped');
    await held;
    return i;
  });
  await expect(mapped).rejects.toThrow('dropped');
  // the call still in flight ends; its worker takes no next item
  release();
  await held;
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual([0, 1]);
});
