// One study's items: the cached list and its refreshes, headers decrypted on demand, details,
// records, delete and re-key.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { AppError, ItemView, StudyChangedEvent } from '../../../shared/ipc/views.js';
import { AppFailure } from '../../../shared/app-error.js';
import { asDocument } from '../../../shared/headers.js';
import { parentItemPath } from '../../../shared/item-path.js';
import { toAppError } from '../../bridge/api.js';
import type { ExistingDocument } from './conflicts.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import { useApi } from '../../data/api-context.js';
import { call, useCall } from '../../data/call.js';
import { listingPages, streamIntoCache } from './items-stream.js';
import { reconciled, withAccessCount, withChanges, withoutPaths, type ItemsCache } from './items-cache.js';
import { invalidateItems } from '../sharing/access.js';
import { keys } from '../../data/query-keys.js';

/**
 * One study's items, shown as the listing streams in: the query has data (and the list rows)
 * from the first page on and keeps fetching until the last; a failure keeps what arrived.
 */
export function useItems(profileId: string, containerId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: keys.items(profileId, containerId ?? ''),
    queryFn: ({ client, queryKey, signal }): Promise<ItemsCache> =>
      streamIntoCache(withoutDeleted(listingPages(api, containerId ?? '', signal), deletedSince(client, queryKey)), {
        read: () => client.getQueryData<ItemsCache>(queryKey),
        write: (cache) => {
          if (!signal.aborted) client.setQueryData(queryKey, cache);
        },
      }),
    enabled: !!containerId,
    staleTime: Infinity,
    // The cached list as merged, not a copy: its index and tree grow with each page (mergeItems),
    // and comparing 100,000 items deeply on every update would cost as much as rebuilding them.
    structuralSharing: false,
  });
}

/**
 * The items this window deleted, per items cache, in order (with the version deleted). A listing,
 * a `since` answer or main's shared refresh read before a delete may still hold the item, also one
 * that was never in the cache when the answer was asked for (uploaded and deleted while it was on
 * the way): what was deleted after the answer was asked for is left out of it.
 */
interface Deleted {
  readonly path: string;
  readonly updatedAt?: string;
}
/**
 * The log lives in the QueryClient that owns the items caches, as a query that is never fetched
 * and never collected (gcTime Infinity), so it lasts exactly as long as that client.
 */
function deletionLog(client: QueryClient, key: readonly unknown[]): Deleted[] {
  const logKey = keys.deletedItems(key);
  const kept = client.getQueryData<Deleted[]>(logKey);
  if (kept) return kept;
  client.setQueryDefaults(logKey, { gcTime: Infinity, staleTime: Infinity });
  return client.setQueryData<Deleted[]>(logKey, [])!;
}

/** Marks where the deletions stand now; the function it answers leaves out of an answer what was deleted since. */
function deletedSince(
  client: QueryClient,
  key: readonly unknown[],
): (views: readonly ItemView[]) => readonly ItemView[] {
  const log = deletionLog(client, key);
  const mark = log.length;
  return (views) => {
    if (log.length === mark) return views;
    const gone = new Set(log.slice(mark).map((d) => d.path));
    return views.filter((v) => !gone.has(itemSlashPath(v)));
  };
}

/**
 * Main's shared refresh found changes in a study: merged into its cached list, if any, instead
 * of listing again (an uncached list is listed whole when opened). Its answer may have been read
 * before this window deleted an item: a version no newer than the one deleted here stays gone.
 * A study main lists for the first time (`joined`: its items are not in the event) and the window
 * has cached is listed again whole.
 */
export function applyStudyChanged(client: QueryClient, profileId: string, event: StudyChangedEvent): void {
  const key = keys.items(profileId, event.containerId);
  if (client.getQueryData<ItemsCache>(key) === undefined) return;
  if (event.joined) {
    void client.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const deleted = new Map(deletionLog(client, key).map((d) => [d.path, d.updatedAt]));
  const changed = event.changed.filter((v) => {
    const path = itemSlashPath(v);
    if (!deleted.has(path)) return true;
    const at = deleted.get(path);
    return at !== undefined && Date.parse(v.updatedAt) > Date.parse(at);
  });
  client.setQueryData<ItemsCache>(key, (cache) => withoutPaths(withChanges(cache, changed), event.removedPaths));
}

/**
 * Follows main's shared refresh for the active profile: the file lists merge what it found,
 * Find asks its index again, and a study newly shared with us joins the studies list.
 */
export function useFollowStudyChanges(profileId: string | undefined): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    if (!profileId) return;
    return api.on('study.changed', (event) => {
      applyStudyChanged(client, profileId, event);
      // an item another organization changed (or whose access changed) shows its details anew
      const touched = [...event.changed.map(itemSlashPath), ...event.removedPaths];
      if (touched.length) void invalidateItems(client, profileId, event.containerId, touched);
      if (event.changed.length || event.removedPaths.length)
        void client.invalidateQueries({ queryKey: keys.everySearch(profileId) });
      if (event.joined) void client.invalidateQueries({ queryKey: keys.containers(profileId) });
    });
  }, [api, client, profileId]);
}

/** The pages without what this window deleted since the listing was asked for (see deletedSince). */
async function* withoutDeleted(
  pages: AsyncIterable<ItemView[]>,
  notDeleted: (views: readonly ItemView[]) => readonly ItemView[],
): AsyncGenerator<readonly ItemView[]> {
  for await (const page of pages) yield notDeleted(page);
}

/**
 * Fetches only what changed since the newest item seen and merges it into the cache. A list whose
 * listing broke off is listed again whole instead: the listing comes in path order, so the
 * missing tail may be older than the newest item seen, and `since` would never bring it.
 */
export async function refreshSince(
  api: ExchangeApi,
  client: QueryClient,
  profileId: string,
  containerId: string,
): Promise<void> {
  const key = keys.items(profileId, containerId);
  const cache = client.getQueryData<ItemsCache>(key);
  if (!cache?.since || cache.incomplete) {
    await client.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const notDeleted = deletedSince(client, key);
  const changed = notDeleted(await call(api, 'items.list', { containerId, since: cache.since }));
  client.setQueryData<ItemsCache>(key, (current) => withChanges(current, changed));
}

/**
 * What changed since the newest item seen (decrypted anew), then the list's membership from a
 * metadata-only listing, which also catches what `since` cannot report: items newly shared with
 * us, revoked, or deleted by others. The window's own catch-up, for a list it may have missed main's
 * refresh for (its events went to the window while another profile was active).
 */
export async function catchUpItems(
  api: ExchangeApi,
  client: QueryClient,
  profileId: string,
  containerId: string,
): Promise<void> {
  await refreshSince(api, client, profileId, containerId);
  const key = keys.items(profileId, containerId);
  const start = client.getQueryData<ItemsCache>(key);
  const notDeleted = deletedSince(client, key);
  // in pages, as the first listing: main never holds a 100,000-item answer for one IPC copy
  const full: ItemView[] = [];
  for await (const page of listingPages(api, containerId)) for (const view of page) full.push(view);
  client.setQueryData<ItemsCache>(key, (current) => reconciled(current, notDeleted(full), start));
}

/**
 * The items query never goes stale (a full listing of a large study is costly), so a cached list
 * would show as it was, e.g. after switching back to a profile: main's refresh for it may have
 * been told while the window still followed the other profile, and main, already current, would
 * not tell it again. When the list is already cached, opening it catches up once in the
 * background (catchUpItems); a list just fetched is not refreshed. Once per profile and study
 * (StrictMode's second effect run included).
 */
export function useRefreshCachedItems(profileId: string, containerId: string | undefined): void {
  const api = useApi();
  const client = useQueryClient();
  const done = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = `${profileId}:${containerId ?? ''}`;
    if (!containerId || done.current === key) return;
    done.current = key;
    if (client.getQueryData<ItemsCache>(keys.items(profileId, containerId)) === undefined) return;
    // In the background: the cached list stays on screen; a failure leaves it as it was (Refresh shows errors).
    void catchUpItems(api, client, profileId, containerId).catch(() => undefined);
  }, [api, client, profileId, containerId]);
}

/**
 * Refresh asks main's shared refresh for this study now (what changed, and a whole listing for
 * what `since` cannot tell): one refresh that the file list, Find and Changes follow, instead of
 * the window listing on its own besides. Main tells only what changed against its own last
 * listing, and its first listing of a study tells nothing (e.g. a study just created, with items
 * written meanwhile by the command-line tool); so when it told nothing of this study, one `since`
 * request brings the window's list up to date. Reload all lists the study again whole.
 */
export function useRefreshItems(profileId: string, containerId: string | undefined) {
  const api = useApi();
  const client = useQueryClient();
  const changesOnly = useMutation({
    mutationFn: async () => {
      if (!containerId) return;
      let told = false;
      const off = api.on('study.changed', (e) => void (told ||= e.containerId === containerId));
      try {
        // main answers whether it told this study's changes (none, maybe): then nothing more to ask
        told ||= (await call(api, 'changes.refresh', { containerId })).told.includes(containerId);
      } finally {
        off();
      }
      if (!told) await refreshSince(api, client, profileId, containerId);
    },
  });
  const fullReload = useCallback(
    () => client.resetQueries({ queryKey: keys.items(profileId, containerId ?? ''), exact: true }),
    [client, profileId, containerId],
  );
  return { changesOnly, fullReload };
}

/** What loadHeaders could not load for a passing reason (network, a busy exchange), to ask again later. */
export interface HeadersNotLoaded {
  readonly paths: readonly string[];
  readonly error?: AppError;
}

/**
 * Decrypts headers for the given paths (the rows in view) and merges them into the items cache.
 * A lasting failure marks the rows with its reason (they say why instead of asking again on every
 * scroll); a passing one leaves them unmarked and says which to ask again.
 */
async function loadHeaders(
  api: ExchangeApi,
  client: QueryClient,
  profileId: string,
  containerId: string,
  paths: readonly string[],
): Promise<HeadersNotLoaded> {
  const later: string[] = [];
  let laterError: AppError | undefined;
  for (let i = 0; i < paths.length; i += 500) {
    const batch = paths.slice(i, i + 500);
    let headers: ItemView[];
    try {
      headers = await call(api, 'items.headers', { containerId, itemPaths: batch });
    } catch (e) {
      const error = toAppError(e);
      if (error.retryable) {
        later.push(...batch);
        laterError = error;
        continue;
      }
      const asked = new Set(batch);
      const problem = error.explanation || error.message;
      client.setQueryData<ItemsCache>(keys.items(profileId, containerId), (cache) =>
        cache
          ? {
              ...cache,
              items: cache.items.map((it) =>
                asked.has(itemSlashPath(it)) && !it.decryptedHeader ? { ...it, headerProblem: problem } : it,
              ),
            }
          : cache,
      );
      continue;
    }
    client.setQueryData<ItemsCache>(keys.items(profileId, containerId), (cache) => withChanges(cache, headers));
  }
  return { paths: later, error: laterError };
}

/** Decrypts the headers of these paths into the items cache (rows scrolled into view). */
export function useLoadHeaders(
  profileId: string,
  containerId: string,
): (paths: readonly string[]) => Promise<HeadersNotLoaded> {
  const api = useApi();
  const client = useQueryClient();
  return useCallback(
    (paths) => loadHeaders(api, client, profileId, containerId, paths),
    [api, client, profileId, containerId],
  );
}

/**
 * The documents already in these folders, their headers decrypted first (for name conflicts).
 * Throws when some could not be read for a passing reason: an unknown name is not "no conflict".
 */
export function useFolderDocuments(
  profileId: string,
  containerId: string | undefined,
): (folders: readonly string[]) => Promise<ExistingDocument[]> {
  const api = useApi();
  const client = useQueryClient();
  return useCallback(
    async (folders) => {
      if (!containerId) return [];
      const inFolders = (): ItemView[] =>
        (client.getQueryData<ItemsCache>(keys.items(profileId, containerId))?.items ?? []).filter((i) =>
          folders.includes(parentItemPath(itemSlashPath(i))),
        );
      const missing = inFolders()
        .filter((i) => !i.decryptedHeader && !i.headerProblem)
        .map((i) => itemSlashPath(i));
      if (missing.length) {
        const notLoaded = await loadHeaders(api, client, profileId, containerId, missing);
        if (notLoaded.error) throw new AppFailure(notLoaded.error);
      }
      return inFolders().map((i) => ({
        path: itemSlashPath(i),
        fileName: asDocument(i.decryptedHeader)?.fileName ?? '',
        ownedByMe: i.ownedByMe,
      }));
    },
    [api, client, profileId, containerId],
  );
}

/** An item's details; the access list it brings also updates the item's "shared with" count in the list. */
export function useDetails(profileId: string, containerId: string, item: ItemView | undefined) {
  const call = useCall();
  const client = useQueryClient();
  const path = item ? itemSlashPath(item) : '';
  return useQuery({
    queryKey: keys.detailsAt(profileId, containerId, path, item?.updatedAt ?? ''),
    queryFn: async () => {
      const details = await call('items.details', { containerId, itemPath: path });
      // Shared with = organizations other than the owner (the access list starts with the owner).
      const count = Math.max(0, details.access.length - 1);
      client.setQueryData<ItemsCache>(keys.items(profileId, containerId), (cache) =>
        withAccessCount(cache, path, count),
      );
      return details;
    },
    enabled: !!item,
  });
}

export function useRecord(profileId: string, containerId: string, item: ItemView | undefined, enabled: boolean) {
  const call = useCall();
  return useQuery({
    queryKey: keys.record(profileId, containerId, item?.path ?? '', item?.updatedAt ?? ''),
    queryFn: () => call('items.readRecord', { containerId, itemPath: item?.path ?? '' }),
    enabled: !!item && enabled,
    staleTime: Infinity,
  });
}

export function useDeleteItems(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paths: string[]) => call('items.delete', { containerId, itemPaths: paths }),
    onSuccess: (results) => {
      const deleted = results.filter((r) => r.ok).map((r) => r.itemPath);
      const key = keys.items(profileId, containerId);
      const cached = new Map((client.getQueryData<ItemsCache>(key)?.items ?? []).map((i) => [itemSlashPath(i), i]));
      for (const id of deleted) {
        const path = itemSlashPath({ id });
        deletionLog(client, key).push({ path, updatedAt: cached.get(path)?.updatedAt });
      }
      client.setQueryData<ItemsCache>(key, (cache) => withoutPaths(cache, deleted));
      // Find's answers may still name them (main's index is marked stale by the same delete)
      if (deleted.length) void client.invalidateQueries({ queryKey: keys.everySearch(profileId) });
    },
  });
}

/** Re-key: a new version of the item, so the list and its details are fetched again, whatever the outcome. */
export function useRekey(profileId: string, containerId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemPath: string) => call(api, 'items.rekey', { containerId, itemPath }),
    onSettled: (_results, _error, itemPath) => {
      void refreshSince(api, client, profileId, containerId).catch(() => undefined);
      void invalidateItems(client, profileId, containerId, [itemPath]);
    },
  });
}
