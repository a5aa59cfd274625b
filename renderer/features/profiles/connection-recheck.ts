// The indicator's last check goes stale the moment a call finds the exchange unreachable (or
// reaches it again): recheck then, rather than saying "Connected" for up to a minute after an
// upload failed because nothing answered.
import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ConnectionCheck } from '../../../shared/ipc/views.js';
import { AppFailure } from '../../bridge/api.js';
import { useApi } from '../../data/api-context.js';
import { keys } from '../../data/query-keys.js';

const OFFLINE_RECHECK_MS = 5_000;

const unreachable = (error: unknown): boolean => error instanceof AppFailure && error.error.code === 'network';

/** Rechecks the profile's connection after a network failure, and after a success while it says offline. */
export function useConnectionRecheck(profileId: string | undefined): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    if (!profileId) return;
    const connectionKey = keys.connection(profileId);
    const own = JSON.stringify(connectionKey);
    const recheck = (): void =>
      void client.invalidateQueries({ queryKey: connectionKey, exact: true }, { cancelRefetch: false });
    const offline = (): boolean => client.getQueryData<ConnectionCheck>(connectionKey)?.ping.ok === false;
    // Calls that never leave this computer succeed while offline too: they recheck once per few seconds.
    const checkedLately = (): boolean =>
      Date.now() - (client.getQueryState(connectionKey)?.dataUpdatedAt ?? 0) < OFFLINE_RECHECK_MS;
    const settled = (key: QueryKey | undefined, outcome: 'error' | 'success', error: unknown): void => {
      if (key !== undefined && JSON.stringify(key) === own) return;
      if (outcome === 'error' ? unreachable(error) : offline() && !checkedLately()) recheck();
    };
    const queries = client.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated') return;
      if (e.action.type === 'error') settled(e.query.queryKey, 'error', e.action.error);
      else if (e.action.type === 'success') settled(e.query.queryKey, 'success', undefined);
    });
    const mutations = client.getMutationCache().subscribe((e) => {
      if (e.type !== 'updated') return;
      if (e.action.type === 'error') settled(undefined, 'error', e.action.error);
      else if (e.action.type === 'success') settled(undefined, 'success', undefined);
    });
    // Transfers run in main; their failures and completions arrive as events, each list whole.
    const lastState = new Map<string, string>();
    const transfers = api.on('transfers.changed', (list) => {
      const fresh = list.filter((t) => lastState.get(t.id) !== t.state);
      for (const t of list) lastState.set(t.id, t.state);
      if (fresh.some((t) => t.state === 'failed' && t.error?.code === 'network')) recheck();
      else if (fresh.some((t) => t.state === 'verified') && offline()) recheck();
    });
    return () => {
      queries();
      mutations();
      transfers();
    };
  }, [api, client, profileId]);
}
