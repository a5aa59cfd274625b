// How the window reaches main for sign-offs (docs/protocol.md §10), in the pattern of
// renderer/data/call.ts: a named query or mutation per operation, keys from query-keys.ts, and
// each write's cache update in its own definition.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { SignOffMeaning } from '../../../shared/signoffs/meanings.js';
import { useApi } from '../../data/api-context.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

export function useSigner(profileId: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.signer(profileId),
    queryFn: () => call('signoffs.signer', {}),
    // confirmed "this session": main knows when a session began, so it is asked each time
    staleTime: 0,
  });
}

/** The document's sign-offs, asked again each time it is shown: they arrive without it changing. */
export function useSignOffs(profileId: string, containerId: string, itemPath: string | undefined, version: string) {
  const call = useCall();
  return useQuery({
    queryKey: [...keys.signOffs(profileId, containerId, itemPath ?? ''), version],
    queryFn: () => call('signoffs.forItem', { containerId, itemPath: itemPath! }),
    enabled: itemPath !== undefined,
    staleTime: 0,
  });
}

/** The owner's requests for the document and who answered them. */
export function useSignOffRequests(
  profileId: string,
  containerId: string,
  itemPath: string | undefined,
  version: string,
) {
  const call = useCall();
  return useQuery({
    queryKey: [...keys.signOffRequests(profileId, containerId, itemPath ?? ''), version],
    queryFn: () => call('signoffs.requestsForItem', { containerId, itemPath: itemPath! }),
    enabled: itemPath !== undefined,
    staleTime: 0,
  });
}

/** "Sign-offs requested" of this organization, in every study. */
export function useRequestedSignOffs(profileId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.requestedSignOffs(profileId ?? ''),
    queryFn: () => call('signoffs.requested', {}),
    enabled: !!profileId,
  });
}

/** What the Sign off… dialog sends: the signer only when it is to be kept and confirmed first. */
export interface SignOffInput {
  readonly itemPaths: readonly string[];
  readonly meaning: SignOffMeaning;
  readonly comment?: string;
  readonly shareWith: 'owner' | 'everyone';
  readonly passphrase: string;
  readonly signer?: { readonly name: string; readonly role?: string };
  /** A signing passphrase chosen now (keys in the system keychain, none set yet). */
  readonly setPassphrase?: boolean;
}

function invalidateWhere(client: QueryClient, profileId: string, containerId: string, parts: readonly string[]) {
  return client.invalidateQueries({
    predicate: ({ queryKey }: { queryKey: QueryKey }) =>
      queryKey[1] === profileId && queryKey[3] === containerId && parts.some((p) => queryKey.includes(p)),
  });
}

export function useSignOff(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignOffInput) => {
      if (input.signer) client.setQueryData(keys.signer(profileId), await call('signoffs.setSigner', input.signer));
      if (input.setPassphrase)
        client.setQueryData(
          keys.signer(profileId),
          await call('signoffs.setPassphrase', { passphrase: input.passphrase }),
        );
      return call('signoffs.sign', {
        containerId,
        itemPaths: [...input.itemPaths],
        meaning: input.meaning,
        ...(input.comment ? { comment: input.comment } : {}),
        passphrase: input.passphrase,
        shareWith: input.shareWith,
      });
    },
    // the documents' sign-offs, the owner's requests they answer, what is asked of us, the report
    onSettled: () =>
      Promise.all([
        invalidateWhere(client, profileId, containerId, ['signoffs', 'signoff-requests', 'distribution']),
        client.invalidateQueries({ queryKey: keys.requestedSignOffs(profileId) }),
      ]),
  });
}

export interface RequestInput {
  readonly itemPath: string;
  readonly meaning: SignOffMeaning;
  readonly organizationIds: readonly string[];
  readonly dueOn?: string;
  readonly message?: string;
}

export function useRequestSignOff(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestInput) =>
      call('signoffs.request', {
        containerId,
        itemPath: input.itemPath,
        meaning: input.meaning,
        organizationIds: [...input.organizationIds],
        ...(input.dueOn ? { dueOn: input.dueOn } : {}),
        ...(input.message ? { message: input.message } : {}),
      }),
    onSettled: (_answer, _error, input) =>
      client.invalidateQueries({ queryKey: keys.signOffRequests(profileId, containerId, input.itemPath) }),
  });
}

/**
 * Sign-offs and requests arrive as the shared refresh finds a study changed: what the window holds
 * of that study's sign-offs, and the list of what is asked of us, are asked again.
 */
export function useFollowSignOffs(profileId: string | undefined): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    if (!profileId) return;
    return api.on('study.changed', (event) => {
      void invalidateWhere(client, profileId, event.containerId, ['signoffs', 'signoff-requests']);
      void client.invalidateQueries({ queryKey: keys.requestedSignOffs(profileId) });
    });
  }, [api, client, profileId]);
}
