// A profile's keys: a new key generated in main (its CSR for the window), the PKCS#12 backup, and
// forgetting the reading keys kept since a renewal.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperationArgs } from '../../../shared/ipc/contract.js';
import { useCall } from '../../data/call.js';
import type { OneTimeSecret } from '../profiles/one-time-secret.js';
import { replaceProfile } from '../profiles/profiles.js';

export function useGenerateKey() {
  const call = useCall();
  return useMutation({
    mutationFn: (args: OperationArgs<'profiles.generateKey'>) => call('profiles.generateKey', args),
  });
}

/** The profile's keys as a PKCS#12 file where the user picks in main's save dialog, or offered as a download. */
export function useBackupProfile() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    // The password travels in a one-time box: the mutation's kept variables hold it no longer than the call.
    mutationFn: ({ profileId, password }: { profileId: string; password: OneTimeSecret }) =>
      call('profiles.backup', { profileId, password: password.take() }),
    onSuccess: ({ profile }) => replaceProfile(client, profile),
  });
}

/** Drops the reading keys kept since a renewal (refused while an item still needs one). */
export function useForgetOldKeys() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => call('profiles.forgetOldKeys', { profileId }),
    onSuccess: (profile) => replaceProfile(client, profile),
  });
}
