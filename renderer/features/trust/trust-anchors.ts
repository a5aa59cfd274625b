// A profile's trust anchors (the CA certificates it trusts), set from the profile's page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperationArgs } from '../../../shared/ipc/contract.js';
import { useCall } from '../../data/call.js';
import { replaceProfile } from '../profiles/profiles.js';

/** Replaces a profile's trust anchors with the CA certificates of a PEM bundle (public: read by the page). */
export function useSetTrustAnchors() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: OperationArgs<'profiles.setTrustAnchors'>) => call('profiles.setTrustAnchors', args),
    onSuccess: (profile) => replaceProfile(client, profile),
  });
}
