// The hand-over of a streamed listing, whatever the timing: here the whole answer (or its
// failure) is in before the window first asks, the case a fast exchange makes common.
import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../../shared/ipc/views.js';
import { ItemListings } from './item-listings.js';

const views = (from: number, n: number): ItemView[] =>
  Array.from({ length: n }, (_, i) => ({ path: `d${from + i}` }) as ItemView);
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

describe('ItemListings', () => {
  it('a failure after the last page arrived is handed over after that page, then the listing is gone', async () => {
    const listings = new ItemListings();
    const id = listings.start(async function* () {
      yield views(0, 3);
      throw new Error('broke off after 3 items');
    }, 'w1');
    await settle();
    expect(await listings.next(id)).toEqual({ items: views(0, 3), done: false });
    await expect(listings.next(id)).rejects.toThrow('broke off after 3 items');
    await expect(listings.next(id)).rejects.toMatchObject({ code: 'listing-gone' });
    expect(listings.size).toBe(0);
  });

  it('splits what arrived into pages of at most 10,000, in order, the last one done', async () => {
    const listings = new ItemListings();
    const id = listings.start(async function* () {
      yield views(0, 15_000);
      yield views(15_000, 1);
    }, 'w1');
    await settle();
    const first = await listings.next(id);
    const second = await listings.next(id);
    expect([first.items.length, first.done, second.items.length, second.done]).toEqual([10_000, false, 5_001, true]);
    expect([...first.items, ...second.items].map((v) => v.path)).toEqual(views(0, 15_001).map((v) => v.path));
    expect(listings.size).toBe(0);
  });

  it('close stops reading the answer and forgets the listing', async () => {
    const listings = new ItemListings();
    let stopped = false;
    const id = listings.start(async function* (signal) {
      yield views(0, 1);
      // an answer still arriving: it ends only when the listing is closed
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      stopped = signal.aborted;
    }, 'w1');
    expect((await listings.next(id)).items).toHaveLength(1);
    listings.close(id);
    await settle();
    expect(stopped).toBe(true);
    expect(listings.size).toBe(0);
    await expect(listings.next(id)).rejects.toMatchObject({ code: 'listing-gone' });
    listings.close(id); // closing twice is harmless
  });

  it("keeps at most 4 open per window: a fifth closes that window's oldest, not another window's", async () => {
    const listings = new ItemListings();
    const stopped: string[] = [];
    const open = (name: string, sender: string): string =>
      listings.start(async function* (signal) {
        try {
          yield views(0, 1);
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        } finally {
          stopped.push(name);
        }
      }, sender);
    const other = open('other', 'w2');
    const ids = ['a', 'b', 'c', 'd', 'e'].map((name) => open(name, 'w1'));
    await settle();
    expect(stopped).toEqual(['a']);
    expect(listings.size).toBe(5);
    await expect(listings.next(ids[0]!)).rejects.toMatchObject({ code: 'listing-gone' });
    expect((await listings.next(ids[4]!)).items).toHaveLength(1);
    expect((await listings.next(other)).items).toHaveLength(1);
    listings.closeAll();
  });

  it('closeListingsOf closes every listing of that window (its page reloaded or is gone), and only those', async () => {
    const listings = new ItemListings();
    let reading = 0;
    const open = (sender: string): string =>
      listings.start(async function* (signal) {
        reading++;
        try {
          yield views(0, 1);
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        } finally {
          reading--;
        }
      }, sender);
    const mine = [open('w1'), open('w1')];
    const theirs = open('w2');
    await settle();
    expect(reading).toBe(3);
    listings.closeListingsOf('w1');
    await settle();
    expect(reading).toBe(1);
    expect(listings.size).toBe(1);
    for (const id of mine) await expect(listings.next(id)).rejects.toMatchObject({ code: 'listing-gone' });
    expect((await listings.next(theirs)).items).toHaveLength(1);
    listings.closeListingsOf('w1'); // nothing left of it: harmless
    listings.closeAll();
    expect(listings.size).toBe(0);
  });

  it('stops reading while the window has not taken what was kept, and reads on as it takes pages', async () => {
    const listings = new ItemListings({ highWater: 100 });
    let pulled = 0;
    const id = listings.start(async function* () {
      for (let i = 0; i < 50; i++) {
        pulled++;
        yield views(i * 40, 40);
      }
    }, 'w1');
    await settle();
    // 3 pieces of 40 reach the mark of 100; nothing more is pulled until listNext takes them
    expect([pulled, listings.kept]).toEqual([3, 120]);
    const all: ItemView[] = [];
    for (;;) {
      const page = await listings.next(id);
      all.push(...page.items);
      expect(listings.kept).toBeLessThan(140);
      if (page.done) break;
    }
    expect(all.map((v) => v.path)).toEqual(views(0, 2_000).map((v) => v.path));
  });

  it('two listNext at once leave one idle timer, so a listing still in use is not closed under a later call', async () => {
    const listings = new ItemListings({ idleMs: 100 });
    const arrivals: (() => void)[] = [];
    const id = listings.start(async function* (signal) {
      for (let i = 0; !signal.aborted; i++) {
        await new Promise<void>((resolve) => {
          arrivals.push(resolve);
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        if (!signal.aborted) yield views(i, 1);
      }
    }, 'w1');
    await settle();
    const a = listings.next(id);
    const b = listings.next(id);
    arrivals.shift()!();
    expect([...(await a).items, ...(await b).items]).toEqual(views(0, 1));
    // a third call waits longer than the idle time; the listing is in use, so it stays open
    const c = listings.next(id);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(listings.size).toBe(1);
    arrivals.shift()!();
    expect(await c).toEqual({ items: views(1, 1), done: false });
    listings.closeAll();
  });
});
