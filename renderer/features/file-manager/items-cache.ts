// The items of one study as cached: the list plus the `since` mark for the next change-only refresh.
import type { AppError, ItemView } from '../../../shared/ipc/views.js';
import { itemSlashPath, mergeItems } from '../../lib/file-tree.js';

export interface ItemsCache {
  readonly items: ItemView[];
  /** The newest `updatedAt` seen: the service's own clock, so local clock skew cannot skip changes. */
  readonly since?: string;
  /**
   * Set when a listing broke off part way: the list shown is partial until a whole listing comes.
   * Kept in the data, not the query's error, which any later setQueryData clears.
   */
  readonly incomplete?: { readonly received: number; readonly error: AppError };
}

/**
 * The latest `updatedAt`, compared as instants (the service may send other offsets). Two ISO
 * times of one shape (same length, same offset) compare as text; any other pair is parsed, and
 * the newest so far is parsed once, not per item.
 */
function newestUpdate(items: readonly ItemView[], previous?: string): string | undefined {
  let newest = previous;
  let newestMs: number | undefined;
  for (const item of items) {
    const at = item.updatedAt;
    if (newest === undefined) {
      newest = at;
      newestMs = undefined;
      continue;
    }
    if (sameShape(at, newest)) {
      if (at > newest) {
        newest = at;
        newestMs = undefined;
      }
      continue;
    }
    newestMs ??= Date.parse(newest);
    const ms = Date.parse(at);
    if (ms > newestMs || Number.isNaN(newestMs)) {
      newest = at;
      newestMs = ms;
    }
  }
  return newest;
}

/** `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)` twice with the same length and offset: text order is time order. */
function sameShape(a: string, b: string): boolean {
  const n = a.length;
  if (n !== b.length || n < 20 || a[4] !== '-' || b[4] !== '-' || a[10] !== 'T' || b[10] !== 'T') return false;
  if (a[n - 1] === 'Z') return b[n - 1] === 'Z';
  if (a[n - 6] !== '+' && a[n - 6] !== '-') return false;
  for (let i = n - 6; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

export function fromFullList(items: readonly ItemView[]): ItemsCache {
  return { items: mergeItems([], items), since: newestUpdate(items) };
}

export function withChanges(cache: ItemsCache | undefined, changed: readonly ItemView[]): ItemsCache {
  if (!cache) return fromFullList(changed);
  return { ...cache, items: mergeItems(cache.items, changed), since: newestUpdate(changed, cache.since) };
}

export function withoutPaths(cache: ItemsCache | undefined, paths: readonly string[]): ItemsCache | undefined {
  if (!cache) return cache;
  const gone = new Set(paths.map((p) => itemSlashPath({ id: p })));
  return { ...cache, items: cache.items.filter((i) => !gone.has(itemSlashPath(i))) };
}

/** The same version of one item: a grant or a decrypted header does not make another. */
function sameVersion(a: ItemView, b: ItemView): boolean {
  return a.updatedAt === b.updatedAt && a.headerHash === b.headerHash && a.keyHash === b.keyHash;
}

/**
 * The cache brought in line with a full listing: new items added (a grant does not touch an
 * item's updatedAt, so `since` cannot report it), revoked or deleted ones dropped, and every
 * unchanged item kept as cached, with its decrypted header.
 * The listing is a snapshot from when it began, `start` (the cache then), and this window may have
 * changed the cache while it streamed, so what changed meanwhile is not the listing's to judge: an
 * item added or made newer meanwhile (an upload or a saved record refreshed in) stays, whether
 * the listing lacks it or holds an older version, and an item removed meanwhile (deleted here)
 * stays removed although the listing still holds it. Only items in both `start` and the cache,
 * unchanged, and not listed are dropped: those others revoked or deleted.
 */
export function reconciled(
  cache: ItemsCache | undefined,
  full: readonly ItemView[],
  start: ItemsCache | undefined = cache,
): ItemsCache {
  if (!cache) return fromFullList(full);
  const cached = new Map(cache.items.map((i) => [itemSlashPath(i), i]));
  const before = start === cache ? cached : new Map((start?.items ?? []).map((i) => [itemSlashPath(i), i]));
  const changedMeanwhile = (now: ItemView): boolean => {
    const was = before.get(itemSlashPath(now));
    return !was || !sameVersion(was, now);
  };
  const listed = new Set<string>();
  const items: ItemView[] = [];
  for (const fresh of full) {
    const key = itemSlashPath(fresh);
    listed.add(key);
    const old = cached.get(key);
    if (!old) {
      if (!before.has(key)) items.push(fresh); // newly shared; one in `before` was removed meanwhile
    } else if (sameVersion(old, fresh)) items.push(fresh.decryptedHeader ? fresh : old);
    else items.push(changedMeanwhile(old) && Date.parse(old.updatedAt) > Date.parse(fresh.updatedAt) ? old : fresh);
  }
  for (const [key, old] of cached) if (!listed.has(key) && changedMeanwhile(old)) items.push(old);
  return { items: mergeItems([], items), since: newestUpdate(full, cache.since) };
}

/** The cache with one item's count of organizations besides the owner, as its details said. */
export function withAccessCount(cache: ItemsCache | undefined, path: string, count: number): ItemsCache | undefined {
  if (!cache) return cache;
  const key = itemSlashPath({ id: path });
  const index = cache.items.findIndex((i) => itemSlashPath(i) === key);
  const found = cache.items[index];
  if (!found || found.accessCount === count) return cache;
  // merged, so the list's index and tree are updated for this one item instead of built anew
  return { ...cache, items: mergeItems(cache.items, [{ ...found, accessCount: count }]) };
}
