// A study's listing as it streams in from main (items.listOpen, then items.listNext until done),
// fed into the items cache while it arrives: the first rows show after the first page, not after
// the last of 100,000 items.
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ItemView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../../shared/app-error.js';
import { itemSlashPath, mergeItems } from '../../lib/file-tree.js';
import { call } from '../../data/call.js';
import { reconciled, withChanges, type ItemsCache } from './items-cache.js';

/** The listing's pages in the order main read them; once `signal` aborts (or the caller stops), main is told to close it. */
export async function* listingPages(
  api: ExchangeApi,
  containerId: string,
  signal?: AbortSignal,
): AsyncGenerator<ItemView[]> {
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

/** The items cache as it is now: read just before each update, so what other writers put there meanwhile is kept. */
export interface LiveCache {
  read(): ItemsCache | undefined;
  write(cache: ItemsCache): void;
}

/**
 * Feeds a streamed listing into the live cache: the first page at once, then each time what
 * arrived since has grown as large as what is shown (every update re-renders the list), and the
 * rest at the end. Each update merges into the cache as it is then, by path, so an item sent twice is
 * shown once and what this window changed meanwhile stays: headers decrypted, uploads refreshed
 * in, and items deleted (a path the cache held, or this listing put there, that is no longer
 * there does not come back). Once the listing is whole, items it no longer holds are dropped,
 * except those added meanwhile by others, which a listing begun before them cannot hold;
 * unchanged ones keep their decrypted headers. A failure mid-stream shows what arrived, marks the
 * cache incomplete, and throws.
 * While no one else writes the cache, each page is merged as it arrives (the cached list's index
 * and tree grow by that page, see mergeItems), so an update, the last one included, costs about
 * one page rather than every item again.
 */
export async function streamIntoCache(pages: AsyncIterable<readonly ItemView[]>, live: LiveCache): Promise<ItemsCache> {
  const start = live.read();
  /**
   * The paths the cache held at the start or this listing wrote there: made only when needed
   * (another writer came, or a listing over a cached list reconciles); until then the pages written.
   */
  let knownSet: Set<string> | undefined;
  let writtenPages: (readonly ItemView[])[] = [];
  const known = (): Set<string> => {
    if (!knownSet) {
      knownSet = new Set((start?.items ?? []).map((i) => itemSlashPath(i)));
      for (const page of writtenPages) for (const view of page) knownSet.add(itemSlashPath(view));
      writtenPages = [];
    }
    return knownSet;
  };
  const gone = new Set<string>();
  let shownCount = 0; // of this listing
  /** Every view listed, for the reconcile at the end (only a listing over a cached list has one). */
  const all: ItemView[] = [];
  let pending: ItemView[] = [];
  /** The cache as this listing last wrote it (or found it), and, while no one else writes, that cache with every pending page merged in. */
  let written = start;
  let ahead: ItemsCache | undefined;
  const write = (cache: ItemsCache): void => {
    written = cache;
    live.write(cache);
  };
  const fresh = (views: readonly ItemView[]): readonly ItemView[] =>
    gone.size === 0 ? views : views.filter((view) => !gone.has(itemSlashPath(view)));
  /** The live cache with what is pending merged in (written by the caller). */
  const merged = (): ItemsCache => {
    let next = live.read() === written ? ahead : undefined;
    if (!next) {
      const current = live.read();
      const present = new Set((current?.items ?? []).map((i) => itemSlashPath(i)));
      for (const path of known()) if (!present.has(path)) gone.add(path);
      next = withChanges(current, fresh(pending));
    }
    // known once written: a page merged ahead and then dropped (another writer came first) is not gone
    if (knownSet) for (const view of fresh(pending)) knownSet.add(itemSlashPath(view));
    else writtenPages.push(fresh(pending));
    shownCount += pending.length;
    pending = [];
    ahead = undefined;
    return next;
  };
  try {
    for await (const page of pages) {
      const eager = live.read() === written && (ahead !== undefined || pending.length === 0);
      for (const view of page) {
        if (start) all.push(view);
        pending.push(view);
      }
      ahead = eager ? withChanges(ahead ?? written, fresh(page)) : undefined;
      if (pending.length > 0 && pending.length >= shownCount) write(merged());
    }
  } catch (e) {
    if (pending.length > 0 || live.read()) {
      const shown = merged();
      write({ ...shown, incomplete: { received: shown.items.length, error: toAppError(e) } });
    }
    throw e;
  }
  const current = merged();
  if (!start) {
    // Nothing was cached when it began, so every path known came from the listing and the cache
    // holds all of it: reconciling would drop nothing and only build the list and tree anew.
    const whole = { items: current.items, since: current.since };
    write(whole);
    return whole;
  }
  const listed = new Set(all.map((i) => itemSlashPath(i)));
  // the listing, merged with what the cache has that the listing cannot speak for: newer versions and others' additions
  const full = mergeItems(
    all.filter((i) => !gone.has(itemSlashPath(i))),
    current.items.filter((i) => listed.has(itemSlashPath(i)) || !known().has(itemSlashPath(i))),
  );
  const whole = reconciled(current, full);
  write(whole);
  return whole;
}
