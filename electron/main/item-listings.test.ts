// The hand-over of a streamed listing, whatever the timing: here the whole answer (or its
// failure) is in before the window first asks, the case a fast exchange makes common.
import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../shared/ipc/views.js';
import { ItemListings } from './item-listings.js';

const views = (from: number, n: number): ItemView[] => Array.from({ length: n }, (_, i) => ({ path: `d${from + i}` }) as ItemView);
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

describe('ItemListings', () => {
  it('a failure after the last page arrived is handed over after that page, then the listing is gone', async () => {
    const listings = new ItemListings();
    const id = listings.start(async function* () {
      yield views(0, 3);
      throw new Error('broke off after 3 items');
    });
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
    });
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
    });
    expect((await listings.next(id)).items).toHaveLength(1);
    listings.close(id);
    await settle();
    expect(stopped).toBe(true);
    expect(listings.size).toBe(0);
    await expect(listings.next(id)).rejects.toMatchObject({ code: 'listing-gone' });
    listings.close(id); // closing twice is harmless
  });
});
