// A study's listing as it streams in from main (items.listOpen, then items.listNext until done),
// fed into the items cache while it arrives: the first rows show after the first page, not after
// the last of 100,000 items.
import type { ExchangeApi } from '../../shared/ipc/contract.js';
import type { ItemView } from '../../shared/ipc/views.js';
import { call } from './call.js';
import { reconciled, withChanges, type ItemsCache } from './items-cache.js';

/** The listing's pages in the order main read them; once `signal` aborts (or the caller stops), main is told to close it. */
export async function* listingPages(api: ExchangeApi, containerId: string, signal?: AbortSignal): AsyncGenerator<ItemView[]> {
  const { listingId } = await call(api, 'items.listOpen', { containerId });
  let over = false;
  try {
    for (;;) {
      if (signal?.aborted) return;
      const page = await call(api, 'items.listNext', { listingId });
      over = page.done;
      if (page.items.length > 0) yield page.items;
      if (page.done) return;
    }
  } catch (e) {
    over = true; // a failure ends the listing in main too
    throw e;
  } finally {
    // main would drop it after a minute unasked; told now, it stops reading the answer at once
    if (!over) void call(api, 'items.listClose', { listingId }).catch(() => undefined);
  }
}

/**
 * Feeds a streamed listing into the cache through `show`: the first page at once, then each time
 * what arrived since has grown as large as what is shown (every update rebuilds the list and
 * its tree, so updates at doubling sizes cost at most about twice one build in all), and the
 * rest at the end. Pages merge by path, so an item sent twice is shown once. `before` is what
 * was shown when the listing began (a retry after a failure keeps it): once the listing is
 * whole, items it no longer holds are dropped, unchanged ones keep their decrypted headers.
 * A failure mid-stream throws after what arrived before it was shown.
 */
export async function streamIntoCache(pages: AsyncIterable<readonly ItemView[]>, before: ItemsCache | undefined, show: (cache: ItemsCache) => void): Promise<ItemsCache> {
  let shown = before;
  let shownCount = 0; // of this listing
  const all: ItemView[] = [];
  let pending: ItemView[] = [];
  for await (const page of pages) {
    for (const view of page) {
      all.push(view);
      pending.push(view);
    }
    if (pending.length > 0 && pending.length >= shownCount) {
      shown = withChanges(shown, pending);
      shownCount += pending.length;
      pending = [];
      show(shown);
    }
  }
  const whole = before ? reconciled(withChanges(shown, pending), all) : withChanges(shown, pending);
  show(whole);
  return whole;
}
