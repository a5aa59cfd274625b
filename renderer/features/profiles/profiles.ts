// The profiles, switching between them, and the connection of the active one.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProfileView } from '../../../shared/ipc/views.js';
import { useApi } from '../../data/api-context.js';
import { useCall } from '../../data/call.js';
import { useConnectionRecheck } from './connection-recheck.js';
import { hearRewrapProgress } from '../keys/rewrap-progress.js';
import { keys } from '../../data/query-keys.js';

export function useProfiles() {
  const api = useApi();
  const call = useCall();
  const client = useQueryClient();
  useEffect(
    () =>
      api.on('profile.switched', (profile) =>
        client.setQueryData<ProfileView[]>(keys.profiles, (list) => markActive(list, profile)),
      ),
    [api, client],
  );
  // A backup the browser fetched (the browser host): the profile says it is backed up.
  useEffect(() => api.on('profile.updated', (profile) => replaceProfile(client, profile)), [api, client]);
  // The window lists the profiles all its life: the re-wrap's progress is heard here, shown in Settings.
  useEffect(() => hearRewrapProgress(api, client), [api, client]);
  return useQuery({ queryKey: keys.profiles, queryFn: () => call('profiles.list', {}) });
}

function markActive(list: ProfileView[] | undefined, active: ProfileView): ProfileView[] {
  const others = (list ?? []).filter((p) => p.id !== active.id).map((p) => (p.active ? { ...p, active: false } : p));
  const index = (list ?? []).findIndex((p) => p.id === active.id);
  const next = [...others];
  // The switch event does not list the keys: keep those the list knew.
  const keys = active.keys ?? list?.[index]?.keys;
  next.splice(index < 0 ? next.length : index, 0, { ...active, active: true, ...(keys ? { keys } : {}) });
  return next;
}

/** Puts one profile's new view into the list. */
export function replaceProfile(client: QueryClient, profile: ProfileView): void {
  client.setQueryData<ProfileView[]>(keys.profiles, (list) => list?.map((p) => (p.id === profile.id ? profile : p)));
}

export function useSwitchProfile() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => call('profiles.switch', { profileId }),
    onSuccess: (profile) => client.setQueryData<ProfileView[]>(keys.profiles, (list) => markActive(list, profile)),
  });
}

/** The profile list changed (added, removed, sandbox reset): another active profile means other studies. */
export function profilesChanged(client: QueryClient, list?: ProfileView[]): void {
  if (list) client.setQueryData(keys.profiles, list);
  else void client.invalidateQueries({ queryKey: keys.profiles });
  void client.invalidateQueries({ queryKey: keys.everyProfile });
}

export function useRemoveProfile() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => call('profiles.remove', { profileId }),
    onSuccess: (list) => profilesChanged(client, list),
  });
}

export function useResetSandbox() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('sandbox.reset', {}),
    onSuccess: (list) => profilesChanged(client, list),
  });
}

/** The active profile's connection check, checked again when main sees the clocks drift apart. */
export function useConnection(profileId: string | undefined) {
  const api = useApi();
  const call = useCall();
  const client = useQueryClient();
  useConnectionRecheck(profileId);
  useEffect(
    () =>
      api.on('connection.skew', () => void client.invalidateQueries({ queryKey: keys.connection(profileId ?? '') })),
    [api, client, profileId],
  );
  return useQuery({
    queryKey: keys.connection(profileId ?? ''),
    queryFn: () => call('connection.check', {}),
    enabled: !!profileId,
    refetchInterval: 60_000,
  });
}
