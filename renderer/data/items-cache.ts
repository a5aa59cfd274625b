// The items of one study as cached: the list plus the `since` mark for the next change-only refresh.
import type { ItemView } from '../../shared/ipc/views.js';
import { itemSlashPath, mergeItems } from '../lib/file-tree.js';

export interface ItemsCache {
  readonly items: ItemView[];
  /** The newest `updatedAt` seen: the service's own clock, so local clock skew cannot skip changes. */
  readonly since?: string;
}

export function newestUpdate(items: readonly ItemView[], previous?: string): string | undefined {
  let newest = previous;
  for (const item of items) if (!newest || Date.parse(item.updatedAt) > Date.parse(newest)) newest = item.updatedAt;
  return newest;
}

export function fromFullList(items: readonly ItemView[]): ItemsCache {
  return { items: mergeItems([], items), since: newestUpdate(items) };
}

export function withChanges(cache: ItemsCache | undefined, changed: readonly ItemView[]): ItemsCache {
  if (!cache) return fromFullList(changed);
  return { items: mergeItems(cache.items, changed), since: newestUpdate(changed, cache.since) };
}

export function withoutPaths(cache: ItemsCache | undefined, paths: readonly string[]): ItemsCache | undefined {
  if (!cache) return cache;
  const gone = new Set(paths.map((p) => itemSlashPath({ id: p })));
  return { ...cache, items: cache.items.filter((i) => !gone.has(itemSlashPath(i))) };
}

/**
 * The cache brought in line with a full listing: new items added (a grant does not touch an
 * item's updatedAt, so `since` cannot report it), revoked or deleted ones dropped, and every
 * unchanged item kept as cached, with its decrypted header.
 */
export function reconciled(cache: ItemsCache | undefined, full: readonly ItemView[]): ItemsCache {
  if (!cache) return fromFullList(full);
  const cached = new Map(cache.items.map((i) => [itemSlashPath(i), i]));
  const items = full.map((fresh) => {
    const old = cached.get(itemSlashPath(fresh));
    const same = old && old.updatedAt === fresh.updatedAt && old.headerHash === fresh.headerHash && old.keyHash === fresh.keyHash;
    return same && !fresh.decryptedHeader ? old : fresh;
  });
  return { items: mergeItems([], items), since: newestUpdate(full, cache.since) };
}
