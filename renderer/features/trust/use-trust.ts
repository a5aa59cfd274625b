// The window's decision on a collaborator's changed certificate (issue 34): accept the one
// compared (the notice then offers the existing re-wrap) or keep the old one; the accepted
// certificates with their verified marks, and marking one verified. Main checks the certificates
// again after each decision and sends the answer; this asks too in case the window missed it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

export function useCertificateDecision(profileId: string | undefined) {
  const call = useCall();
  const client = useQueryClient();
  const settled = async () => {
    await client.invalidateQueries({ queryKey: keys.certificateChanges(profileId ?? '') });
    await client.invalidateQueries({ queryKey: keys.trustPins(profileId ?? '') });
  };
  const accept = useMutation({
    mutationFn: (v: { organizationId: string; sha256: string }) => call('trust.accept', v),
    onSettled: settled,
  });
  const keep = useMutation({
    mutationFn: (organizationId: string) => call('trust.keep', { organizationId }),
    onSettled: settled,
  });
  return { accept, keep };
}

/** The collaborators whose certificates the profile accepted (Settings). */
export function useCollaboratorPins(profileId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.trustPins(profileId ?? ''),
    queryFn: () => call('trust.list', {}),
    enabled: profileId !== undefined,
  });
}

/** Records how a collaborator's fingerprint was compared ("" clears the mark). */
export function useMarkVerified(profileId: string | undefined) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { organizationId: string; note: string }) => call('trust.markVerified', v),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: keys.trustPins(profileId ?? '') });
      // a pending change's notice is worded by the mark
      await client.invalidateQueries({ queryKey: keys.certificateChanges(profileId ?? '') });
    },
  });
}
