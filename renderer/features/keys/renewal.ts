// A renewal from Settings: the new key (generated here, or a key file by reference) and the
// certificate issued for it; main makes it current once the exchange lists that certificate.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../../shared/ipc/views.js';
import { readAsText } from '../../lib/file-read.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';
import { useKeyFileReference, type KeyFileSource } from '../profiles/profile-import.js';
import { replaceProfile } from '../profiles/profiles.js';

/** A renewal: the new key (generated here, or a key file) and the certificate issued for it. */
export interface RenewRequest {
  readonly profileId: string;
  readonly key: { readonly pendingKeyId: string } | { readonly file: KeyFileSource };
  readonly certificateFile: File;
}

/** The new key becomes current once the directory lists its certificate; the old key stays for reading. */
export function useRenewProfile() {
  const call = useCall();
  const reference = useKeyFileReference();
  const client = useQueryClient();
  return useMutation<ProfileView, Error, RenewRequest>({
    mutationFn: async ({ profileId, key, certificateFile }) => {
      const certificatePem = await readAsText(certificateFile);
      const keyArgs =
        'pendingKeyId' in key ? { pendingKeyId: key.pendingKeyId } : { keyFile: await reference(key.file) };
      return call('profiles.renew', { profileId, certificatePem, ...keyArgs });
    },
    onSuccess: (profile) => {
      replaceProfile(client, profile);
      // What failed while the exchange refused the old key (studies, connection) loads again with the new one.
      void client.invalidateQueries({ queryKey: keys.oneProfile(profile.id) });
    },
  });
}
