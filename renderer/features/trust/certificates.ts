// Collaborators' certificates of the active profile, as main's certificate watch last checked
// them (when the profile's session opened, every few hours, after a re-wrap: each check arrives
// as 'certificates.changed'), the re-wrap for one organization with its progress, and the
// "never backed up" notice's dismissals.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { useApi } from '../../data/api-context.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

export function useCertificateChanges(profileId: string | undefined) {
  const call = useCall();
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () =>
      api.on('certificates.changed', ({ profileId: id, changes, expiring }) =>
        client.setQueryData(keys.certificateChanges(id), { changes, expiring }),
      ),
    [api, client],
  );
  return useQuery({
    queryKey: keys.certificateChanges(profileId ?? ''),
    queryFn: () => call('certificates.changes', {}),
    enabled: profileId !== undefined,
    // Main sends every new answer; asking again would only repeat its last one.
    staleTime: Infinity,
    retry: false,
  });
}

export type RewrapProgress = Pick<EventPayloads['certificates.rewrapProgress'], 'organizationId' | 'done' | 'total'>;

export function useRewrapCertificate(profileId: string | undefined) {
  const call = useCall();
  const api = useApi();
  const client = useQueryClient();
  const [progress, setProgress] = useState<RewrapProgress | undefined>();
  useEffect(
    () =>
      api.on('certificates.rewrapProgress', (p) => {
        if (p.profileId === profileId) setProgress({ organizationId: p.organizationId, done: p.done, total: p.total });
      }),
    [api, profileId],
  );
  const mutation = useMutation({
    mutationFn: (organizationId: string) => {
      setProgress(undefined);
      return call('certificates.rewrap', { organizationId });
    },
    // Main checks again after a re-wrap and sends the answer; this asks in case the window missed it.
    onSettled: () => client.invalidateQueries({ queryKey: keys.certificateChanges(profileId ?? '') }),
  });
  return { ...mutation, progress: mutation.isPending ? progress : undefined };
}

export function useBackupNotices() {
  const call = useCall();
  const client = useQueryClient();
  const list = useQuery({ queryKey: keys.notices, queryFn: () => call('notices.list', {}), retry: false });
  const dismiss = useMutation({
    mutationFn: (profileId: string) => call('notices.dismissBackup', { profileId }),
    onSuccess: (answer) => client.setQueryData(keys.notices, answer),
  });
  return { dismissed: list.data?.backupDismissed, dismiss: (profileId: string) => dismiss.mutate(profileId) };
}
