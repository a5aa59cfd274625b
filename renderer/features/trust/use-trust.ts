// The window's decision on a collaborator's changed certificate (issue 34): accept the one
// compared (the notice then offers the existing re-wrap) or keep the old one. Main checks the
// certificates again after each and sends the answer; this asks too in case the window missed it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

export function useCertificateDecision(profileId: string | undefined) {
  const call = useCall();
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: keys.certificateChanges(profileId ?? '') });
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
