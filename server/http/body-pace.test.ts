// The pace an unverified body must keep (docs/protocol.md §6), on a fake clock: the cut comes
// exactly when the rule says, never before, and time the server itself held the body back
// does not count against the client. (A cut is confirmed after the reads pending when its
// timer fires, on the fake clock a millisecond later.)
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_BODY_PACE, DEFAULT_BODY_STALL_MS, DEFAULT_MIN_BODY_BYTES_PER_SECOND, watchPace } from './body-pace.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function watched(pace = DEFAULT_BODY_PACE) {
  const cuts: { at: number; why: string }[] = [];
  const start = Date.now();
  const watch = watchPace(pace, (why) => cuts.push({ at: Date.now() - start, why }));
  return { watch, cuts, start };
}

it('the defaults are those of the protocol: 30 s without a byte, 16 KiB/s on average after 30 s', () => {
  expect(DEFAULT_BODY_STALL_MS).toBe(30_000);
  expect(DEFAULT_MIN_BODY_BYTES_PER_SECOND).toBe(16_384);
  expect(DEFAULT_BODY_PACE).toEqual({ stallMs: 30_000, minBytesPerSecond: 16_384, maxMs: 600_000 });
});

it('a body fast enough all along is still cut 10 minutes after it began (decisions §5)', () => {
  const { watch, cuts } = watched();
  // 1 MiB/s, far above the minimum, for 10 minutes
  for (let s = 1; s < 600; s++) {
    vi.advanceTimersByTime(1000);
    watch.arrived(s * 1024 * 1024);
  }
  expect(cuts).toEqual([]);
  vi.advanceTimersByTime(1002);
  expect(cuts).toHaveLength(1);
  expect(cuts[0]!.at).toBeLessThanOrEqual(600_002);
  expect(cuts[0]!.why).toMatch(/more than 600 s/);
});

it('a body that sends nothing is cut at 30 s, not before', () => {
  const { cuts } = watched();
  vi.advanceTimersByTime(29_999);
  expect(cuts).toEqual([]);
  vi.advanceTimersByTime(2);
  expect(cuts).toHaveLength(1);
  // the cut is confirmed after the reads pending at that moment (a turn of the event loop)
  expect(cuts[0]!.at).toBeLessThanOrEqual(30_002);
  expect(cuts[0]!.why).toMatch(/No byte of the body arrived for 30 s/);
});

it('a byte every 20 s never stalls, but is cut at 30 s for its average', () => {
  const { watch, cuts } = watched();
  vi.advanceTimersByTime(20_000);
  watch.arrived(1);
  vi.advanceTimersByTime(9_999);
  expect(cuts).toEqual([]);
  vi.advanceTimersByTime(2);
  expect(cuts).toHaveLength(1);
  expect(cuts[0]!.why).toMatch(/bytes\/s on average/);
});

it('a body at twice the minimum is never cut; one that then stops is cut when its average falls under it', () => {
  // (without the 10-minute bound, which the next test covers)
  const { watch, cuts } = watched({ ...DEFAULT_BODY_PACE, maxMs: 3_600_000 });
  let total = 0;
  for (let s = 1; s <= 600; s++) {
    vi.advanceTimersByTime(1000);
    total += 2 * 16_384;
    watch.arrived(total);
  }
  expect(cuts).toEqual([]);
  // 600 s at 32 KiB/s: the average reaches 16 KiB/s at 1200 s, but the stall rule comes first
  vi.advanceTimersByTime(29_999);
  expect(cuts).toEqual([]);
  vi.advanceTimersByTime(2);
  expect(cuts).toHaveLength(1);
});

it('a body just under the minimum is cut once 30 s have passed, at the moment its average falls under it', () => {
  const { watch, cuts } = watched();
  // 10 KiB every 0.75 s (13,653 bytes/s) for 40 s
  let total = 0;
  for (let t = 750; t <= 40_000; t += 750) {
    vi.advanceTimersByTime(750);
    if (cuts.length > 0) break;
    total += 10_240;
    watch.arrived(total);
  }
  expect(cuts).toHaveLength(1);
  expect(cuts[0]!.at).toBeGreaterThanOrEqual(30_000);
  expect(cuts[0]!.at).toBeLessThanOrEqual(30_750);
});

it('time the server held the body back (its disk behind) is not the client’s', () => {
  const { watch, cuts } = watched();
  vi.advanceTimersByTime(20_000);
  watch.hold();
  vi.advanceTimersByTime(120_000);
  expect(cuts).toEqual([]);
  watch.resume();
  vi.advanceTimersByTime(9_999);
  expect(cuts).toEqual([]);
  vi.advanceTimersByTime(2);
  expect(cuts).toHaveLength(1);
});

it('a stopped watch never cuts', () => {
  const { watch, cuts } = watched();
  watch.stop();
  watch.resume();
  vi.advanceTimersByTime(600_000);
  expect(cuts).toEqual([]);
});
