// Collaborators' certificates of the active profile: what changed (asked when Settings opens, not
// polled: the check lists every grant of the profile's items) and the re-wrap for one organization.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCall } from './call.js';
import { keys } from './query-keys.js';

export function useCertificateChanges(profileId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.certificateChanges(profileId ?? ''),
    queryFn: () => call('certificates.changes', {}),
    enabled: profileId !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useRewrapCertificate(profileId: string | undefined) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => call('certificates.rewrap', { organizationId }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.certificateChanges(profileId ?? '') }),
  });
}
