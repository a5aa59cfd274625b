// Hooks over the service: every read is a react-query query keyed per profile/container/path;
// every write updates or invalidates the cache from its response.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ExchangeApi } from '../../shared/ipc/contract.js';
import type { ContainerView, FinishedTransferState, ItemView, ProfileView, TransferView } from '../../shared/ipc/views.js';
import { unwrap } from '../bridge/api.js';
import { itemSlashPath } from '../lib/file-tree.js';
import { applyProgress } from '../lib/transfer-groups.js';
import { useApi } from './api-context.js';
import { fromFullList, reconciled, withChanges, withoutPaths, type ItemsCache } from './items-cache.js';
import { keys } from './query-keys.js';

export function useAppInfo() {
  const api = useApi();
  return useQuery({ queryKey: keys.appInfo, queryFn: async () => unwrap(await api['app.info']({})), staleTime: Infinity });
}

export function useSettings() {
  const api = useApi();
  return useQuery({ queryKey: keys.settings, queryFn: async () => unwrap(await api['settings.get']({})) });
}

export function useProfiles() {
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () => api.on('profile.switched', (profile) => client.setQueryData<ProfileView[]>(keys.profiles, (list) => markActive(list, profile))),
    [api, client],
  );
  return useQuery({ queryKey: keys.profiles, queryFn: async () => unwrap(await api['profiles.list']({})) });
}

function markActive(list: ProfileView[] | undefined, active: ProfileView): ProfileView[] {
  const others = (list ?? []).filter((p) => p.id !== active.id).map((p) => (p.active ? { ...p, active: false } : p));
  const index = (list ?? []).findIndex((p) => p.id === active.id);
  const next = [...others];
  next.splice(index < 0 ? next.length : index, 0, { ...active, active: true });
  return next;
}

export function useSwitchProfile() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (profileId: string) => unwrap(await api['profiles.switch']({ profileId })),
    onSuccess: (profile) => client.setQueryData<ProfileView[]>(keys.profiles, (list) => markActive(list, profile)),
  });
}

export function useConnection(profileId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: keys.connection(profileId ?? ''),
    queryFn: async () => unwrap(await api['connection.check']({})),
    enabled: !!profileId,
    refetchInterval: 60_000,
  });
}

export function newestFirst(list: readonly ContainerView[]): ContainerView[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || a.id.localeCompare(b.id));
}

export function useContainers(profileId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: keys.containers(profileId ?? ''),
    queryFn: async () => newestFirst(unwrap(await api['containers.list']({}))),
    enabled: !!profileId,
  });
}

export function useCreateContainer(profileId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api['containers.create']({})),
    onSuccess: (created) =>
      client.setQueryData<ContainerView[]>(keys.containers(profileId), (list) => newestFirst([created, ...(list ?? []).filter((c) => c.id !== created.id)])),
  });
}

export function useCollaborators(profileId: string, containerId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: keys.collaborators(profileId, containerId ?? ''),
    queryFn: async () => unwrap(await api['collaborators.list']({ containerId: containerId ?? '' })),
    enabled: !!containerId,
  });
}

export function useItems(profileId: string, containerId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: keys.items(profileId, containerId ?? ''),
    queryFn: async (): Promise<ItemsCache> => fromFullList(unwrap(await api['items.list']({ containerId: containerId ?? '' }))),
    enabled: !!containerId,
    staleTime: Infinity,
  });
}

/** Fetches only what changed since the newest item seen and merges it into the cache. */
export async function refreshSince(api: ExchangeApi, client: QueryClient, profileId: string, containerId: string): Promise<void> {
  const key = keys.items(profileId, containerId);
  const cache = client.getQueryData<ItemsCache>(key);
  if (!cache?.since) {
    await client.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const changed = unwrap(await api['items.list']({ containerId, since: cache.since }));
  client.setQueryData<ItemsCache>(key, (current) => withChanges(current, changed));
}

/**
 * The Refresh button: what changed since the newest item seen (decrypted anew), then the
 * list's membership from a metadata-only listing, which also catches what `since` cannot
 * report: items newly shared with us, revoked, or deleted by others.
 */
export async function refreshChanges(api: ExchangeApi, client: QueryClient, profileId: string, containerId: string): Promise<void> {
  await refreshSince(api, client, profileId, containerId);
  const full = unwrap(await api['items.list']({ containerId }));
  client.setQueryData<ItemsCache>(keys.items(profileId, containerId), (current) => reconciled(current, full));
}

/**
 * The items query never goes stale (a full listing of a large study is costly), so a cached list
 * would show as it was until Refresh, e.g. after switching back to a profile. When the list is
 * already cached, this runs the changes-only refresh once in the background and says whether it did.
 */
export async function refreshIfCached(api: ExchangeApi, client: QueryClient, profileId: string, containerId: string): Promise<boolean> {
  if (client.getQueryData<ItemsCache>(keys.items(profileId, containerId)) === undefined) return false;
  await refreshChanges(api, client, profileId, containerId);
  return true;
}

/** For a file browser opening: refreshIfCached once per profile and study (StrictMode's second effect run included). */
export function useRefreshCachedItems(profileId: string, containerId: string | undefined): void {
  const api = useApi();
  const client = useQueryClient();
  const done = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = `${profileId}:${containerId ?? ''}`;
    if (!containerId || done.current === key) return;
    done.current = key;
    // In the background: the cached list stays on screen; a failure leaves it as it was (Refresh shows errors).
    void refreshIfCached(api, client, profileId, containerId).catch(() => undefined);
  }, [api, client, profileId, containerId]);
}

export function useRefreshItems(profileId: string, containerId: string | undefined) {
  const api = useApi();
  const client = useQueryClient();
  const changesOnly = useMutation({
    mutationFn: async () => {
      if (containerId) await refreshChanges(api, client, profileId, containerId);
    },
  });
  const fullReload = useCallback(
    () => client.resetQueries({ queryKey: keys.items(profileId, containerId ?? ''), exact: true }),
    [client, profileId, containerId],
  );
  return { changesOnly, fullReload };
}

/** Decrypts headers for the given paths (the rows in view) and merges them into the items cache. */
export async function loadHeaders(api: ExchangeApi, client: QueryClient, profileId: string, containerId: string, paths: readonly string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += 500) {
    const batch = paths.slice(i, i + 500);
    const result = await api['items.headers']({ containerId, itemPaths: batch });
    if (!result.ok) {
      // Mark them so the rows say why instead of asking again on every scroll.
      const problem = result.error.explanation || result.error.message;
      client.setQueryData<ItemsCache>(keys.items(profileId, containerId), (cache) =>
        cache ? { ...cache, items: cache.items.map((it) => (batch.includes(itemSlashPath(it)) && !it.decryptedHeader ? { ...it, headerProblem: problem } : it)) } : cache,
      );
      continue;
    }
    client.setQueryData<ItemsCache>(keys.items(profileId, containerId), (cache) => withChanges(cache, result.value));
  }
}

export function useDetails(profileId: string, containerId: string, item: ItemView | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [...keys.details(profileId, containerId, item?.path ?? ''), item?.updatedAt ?? ''],
    queryFn: async () => unwrap(await api['items.details']({ containerId, itemPath: item?.path ?? '' })),
    enabled: !!item,
  });
}

export function useRecord(profileId: string, containerId: string, item: ItemView | undefined, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: keys.record(profileId, containerId, item?.path ?? '', item?.updatedAt ?? ''),
    queryFn: async () => unwrap(await api['items.readRecord']({ containerId, itemPath: item?.path ?? '' })),
    enabled: !!item && enabled,
    staleTime: Infinity,
  });
}

export function useDeleteItems(profileId: string, containerId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (paths: string[]) => unwrap(await api['items.delete']({ containerId, itemPaths: paths })),
    onSuccess: (results) => {
      const deleted = results.filter((r) => r.ok).map((r) => r.itemPath);
      client.setQueryData<ItemsCache>(keys.items(profileId, containerId), (cache) => withoutPaths(cache, deleted));
    },
  });
}

/** The transfer list, kept current by the `transfers.changed` and `transfer.progress` events. */
export function useTransfers(profileId: string | undefined) {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    const offChanged = api.on('transfers.changed', (list) => {
      const before = new Map((client.getQueryData<TransferView[]>(keys.transfers) ?? []).map((t) => [t.id, t.state]));
      client.setQueryData(keys.transfers, list);
      // A finished upload is a change in its study: fetch just the changes.
      const touched = new Set(
        list.filter((t) => t.direction === 'upload' && t.state === 'verified' && before.get(t.id) !== 'verified' && t.profileId === profileId).map((t) => t.containerId),
      );
      if (profileId) for (const containerId of touched) void refreshSince(api, client, profileId, containerId).catch(() => undefined);
    });
    const offProgress = api.on('transfer.progress', (p) => client.setQueryData<TransferView[]>(keys.transfers, (list) => applyProgress(list, p)));
    return () => {
      offChanged();
      offProgress();
    };
  }, [api, client, profileId]);
  return useQuery({ queryKey: keys.transfers, queryFn: async () => unwrap(await api['transfers.list']({})) });
}

/**
 * Adds transfers an answer names that the list does not have yet. Main pushes every state
 * change as an event before it answers, so an answer is never newer than the list: a small
 * upload may already be verified when the call that queued it returns "queued".
 */
export function mergeTransfers(list: readonly TransferView[] | undefined, answered: readonly TransferView[]): TransferView[] {
  const known = new Set((list ?? []).map((t) => t.id));
  return [...(list ?? []), ...answered.filter((t) => !known.has(t.id))];
}

export function useTransferAction(action: 'transfers.cancel' | 'transfers.retry') {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (transferId: string) => unwrap(await api[action]({ transferId })),
    onSuccess: (t) => client.setQueryData<TransferView[]>(keys.transfers, (list) => mergeTransfers(list, [t])),
  });
}

export function useClearTransfers() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (states: FinishedTransferState[]) => unwrap(await api['transfers.clear']({ states })),
    onSuccess: (list) => client.setQueryData(keys.transfers, list),
  });
}
