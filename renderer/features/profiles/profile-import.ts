// Adding a profile without the window ever holding its private key: key and PKCS#12 files go
// to main by reference (staged by the browser host, or chosen in main's own dialog), and the
// PKCS#12 password travels inside a one-time box that is empty once sent, so the mutation's
// state (its variables, kept by react-query) holds neither key nor password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Environment, FileRef, ProfileView } from '../../../shared/ipc/views.js';
import { unwrap } from '../../bridge/api.js';
import { readAsText } from '../../lib/file-read.js';
import { useCall } from '../../data/call.js';
import { profilesChanged } from './profiles.js';
import { useStageFile } from '../transfers/transfers.js';
import { OneTimeSecret } from './one-time-secret.js';

export { OneTimeSecret };

/** A key file: one the page holds as a File (staged on send), or one main's dialog chose. */
export type KeyFileSource =
  { readonly kind: 'file'; readonly file: File } | { readonly kind: 'chosen'; readonly ref: FileRef };

interface ProfileIdentityInput {
  readonly name: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly administrator: boolean;
}

export type AddProfileRequest =
  | (ProfileIdentityInput & {
      readonly kind: 'pem';
      readonly keyFile?: KeyFileSource;
      readonly certificateFile: File;
      readonly pendingKeyId?: string;
    })
  | (ProfileIdentityInput & {
      readonly kind: 'pkcs12';
      readonly file: KeyFileSource;
      readonly password: OneTimeSecret;
    });

/** A key file's reference for main: the one its dialog issued, or the page's file staged now. */
export function useKeyFileReference(): (source: KeyFileSource) => Promise<string> {
  const stageFile = useStageFile();
  return async (source) =>
    source.kind === 'chosen' ? source.ref.ref : unwrap(await stageFile(source.file, source.file.name)).ref;
}

export function useAddProfile() {
  const call = useCall();
  const reference = useKeyFileReference();
  const client = useQueryClient();
  return useMutation<ProfileView, Error, AddProfileRequest>({
    mutationFn: async (input) => {
      const identity = {
        name: input.name,
        environment: input.environment,
        baseUrl: input.baseUrl,
        organizationId: input.organizationId,
        administrator: input.administrator,
      };
      if (input.kind === 'pkcs12') {
        return call('profiles.importPkcs12', {
          ...identity,
          pkcs12File: await reference(input.file),
          password: input.password.take(),
        });
      }
      // The certificate is public: it may be read here.
      const certificatePem = await readAsText(input.certificateFile);
      const key = input.pendingKeyId
        ? { pendingKeyId: input.pendingKeyId }
        : input.keyFile
          ? { keyFile: await reference(input.keyFile) }
          : {};
      return call('profiles.importPem', { ...identity, certificatePem, ...key });
    },
    onSuccess: () => profilesChanged(client),
  });
}

/** Main's own file dialog for a key file (Electron); undefined when the user cancels. */
export function usePickKeyFile() {
  const call = useCall();
  return async (): Promise<FileRef | undefined> => (await call('files.pick', { purpose: 'key' }))[0];
}
