import { describe, expect, it } from 'vitest';
import { BackgroundWrites } from './background-writes.js';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('background writes', () => {
  it('idle waits for every write under way, and a failed one neither rejects nor goes unhandled', async () => {
    const writes = new BackgroundWrites();
    const a = deferred();
    const b = deferred();
    writes.track(a.promise);
    writes.track(b.promise);
    let idle = false;
    const waiting = writes.idle().then(() => (idle = true));
    a.resolve();
    await a.promise;
    await Promise.resolve();
    expect(idle).toBe(false);
    b.reject(new Error('disk full'));
    await waiting;
    expect(idle).toBe(true);
    // nothing left: idle settles at once
    await expect(writes.idle()).resolves.toBeUndefined();
  });
});
