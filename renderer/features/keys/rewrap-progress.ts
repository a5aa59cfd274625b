// The background re-wrap after a renewal, as main reports it (`keys.rewrap`): heard by the
// profile list, which the window keeps all its life, and shown in Settings.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EventPayloads, ExchangeApi } from '../../../shared/ipc/contract.js';

export type RewrapProgress = EventPayloads['keys.rewrap'];
type RewrapByProfile = Readonly<Record<string, RewrapProgress>>;

/** Held in the query cache for the window's whole life: Settings opened after the re-wrap still shows how it ended. */
const rewrapKey = ['keys.rewrap'] as const;

/** Keeps each profile's latest re-wrap report; returns the unsubscribe. */
export function hearRewrapProgress(api: ExchangeApi, client: QueryClient): () => void {
  client.setQueryDefaults(rewrapKey, { gcTime: Infinity, staleTime: Infinity });
  return api.on('keys.rewrap', (p) =>
    client.setQueryData<RewrapByProfile>(rewrapKey, (all) => ({ ...all, [p.profileId]: p })),
  );
}

/** The background re-wrap of each renewed profile's own items, as main last reported it (by profile id). */
export function useRewrapProgress(): RewrapByProfile {
  const client = useQueryClient();
  return (
    useQuery({
      queryKey: rewrapKey,
      queryFn: () => client.getQueryData<RewrapByProfile>(rewrapKey) ?? {},
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? {}
  );
}
