// The slots of streaming reads: a read that finds them taken waits, gets the first slot that
// frees up, or is refused as busy once its wait is over; a failing read gives its slot back.
import { describe, expect, it } from 'vitest';
import { StoreBusyError } from '../store.js';
import { StreamingSlots } from './streaming-slots.js';

/** A read that holds its slot until `end` is called. */
function held(slots: StreamingSlots): { done: Promise<string>; end: () => void; started: Promise<void> } {
  let end!: () => void;
  let started!: () => void;
  const startedP = new Promise<void>((r) => (started = r));
  const done = slots.use(async () => {
    started();
    await new Promise<void>((r) => (end = r));
    return 'read';
  });
  return { done, end: () => end(), started: startedP };
}

describe('streaming slots', () => {
  it('a read beyond the slots waits and takes the first one freed, in arrival order', async () => {
    const slots = new StreamingSlots(1, 60_000);
    const first = held(slots);
    await first.started;
    const order: string[] = [];
    const second = slots.use(async () => void order.push('second'));
    const third = slots.use(async () => void order.push('third'));
    first.end();
    await Promise.all([first.done, second, third]);
    expect(order).toEqual(['second', 'third']);
  });

  it('refuses a read as busy when no slot frees up in time; a slot freed later serves the next read', async () => {
    const slots = new StreamingSlots(2, 10);
    const a = held(slots);
    const b = held(slots);
    await Promise.all([a.started, b.started]);
    await expect(slots.use(async () => 'never')).rejects.toBeInstanceOf(StoreBusyError);
    a.end();
    await a.done;
    await expect(slots.use(async () => 'served')).resolves.toBe('served');
    b.end();
    await b.done;
  });

  it('a read that fails gives its slot back', async () => {
    const slots = new StreamingSlots(1, 10);
    await expect(slots.use(async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    await expect(slots.use(async () => 'served')).resolves.toBe('served');
  });
});
