// The slots of streaming reads: a read that finds them taken waits, gets the first slot that
// frees up, or is refused as busy once its wait is over; a failing read gives its slot back.
// One organization holds at most half of them: over that share it is refused at once.
import { describe, expect, it } from 'vitest';
import { StoreBusyError } from '../store.js';
import { StreamingSlots } from './streaming-slots.js';

/** A read by `orgId` that holds its slot until `end` is called. */
function held(
  slots: StreamingSlots,
  orgId: string,
): { done: Promise<string>; end: () => void; started: Promise<void> } {
  let end!: () => void;
  let started!: () => void;
  const startedP = new Promise<void>((r) => (started = r));
  const done = slots.use(orgId, async () => {
    started();
    await new Promise<void>((r) => (end = r));
    return 'read';
  });
  return { done, end: () => end(), started: startedP };
}

describe('streaming slots', () => {
  it('a read beyond the slots waits and takes the first one freed, in arrival order', async () => {
    const slots = new StreamingSlots(1, 60_000);
    const first = held(slots, 'a');
    await first.started;
    const order: string[] = [];
    const second = slots.use('b', async () => void order.push('second'));
    const third = slots.use('c', async () => void order.push('third'));
    first.end();
    await Promise.all([first.done, second, third]);
    expect(order).toEqual(['second', 'third']);
  });

  it('refuses a read as busy when no slot frees up in time; a slot freed later serves the next read', async () => {
    const slots = new StreamingSlots(2, 10);
    const a = held(slots, 'a');
    const b = held(slots, 'b');
    await Promise.all([a.started, b.started]);
    await expect(slots.use('c', async () => 'never')).rejects.toBeInstanceOf(StoreBusyError);
    a.end();
    await a.done;
    await expect(slots.use('c', async () => 'served')).resolves.toBe('served');
    b.end();
    await b.done;
  });

  it('a read that fails gives its slot back', async () => {
    const slots = new StreamingSlots(1, 10);
    await expect(slots.use('a', async () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    await expect(slots.use('a', async () => 'served')).resolves.toBe('served');
  });

  it('an organization over its half is refused at once, another is still served, and a finished read gives the share back', async () => {
    // a wait of a minute: a refusal that came from waiting would time the test out
    const slots = new StreamingSlots(10, 60_000);
    expect(slots.share).toBe(5);
    const mine = Array.from({ length: 5 }, () => held(slots, 'stalling'));
    await Promise.all(mine.map((r) => r.started));
    await expect(slots.use('stalling', async () => 'never')).rejects.toBeInstanceOf(StoreBusyError);
    await expect(slots.use('other', async () => 'served')).resolves.toBe('served');
    const others = Array.from({ length: 5 }, () => held(slots, 'other'));
    await Promise.all(others.map((r) => r.started));
    mine[0]!.end();
    await mine[0]!.done;
    await expect(slots.use('stalling', async () => 'served again')).resolves.toBe('served again');
    for (const r of [...mine.slice(1), ...others]) r.end();
    await Promise.all([...mine, ...others].map((r) => r.done));
  });

  it('a read refused after waiting gives its organization its claim back', async () => {
    const slots = new StreamingSlots(1, 10);
    const a = held(slots, 'a');
    await a.started;
    await expect(slots.use('b', async () => 'never')).rejects.toBeInstanceOf(StoreBusyError);
    a.end();
    await a.done;
    await expect(slots.use('b', async () => 'served')).resolves.toBe('served');
  });

  it('the share is half the slots rounded up, and at least one', () => {
    expect(new StreamingSlots(1, 10).share).toBe(1);
    expect(new StreamingSlots(3, 10).share).toBe(2);
  });
});
