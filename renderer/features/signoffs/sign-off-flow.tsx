// The Sign off… dialog wired to main: who signs (signoffs.signer), and the signing itself
// (signoffs.sign, after keeping and confirming the signer when asked). It closes once every
// document is signed; a refusal (a wrong passphrase) stays in the dialog, nothing signed.
import type { SignOffMeaning } from '../../../shared/signoffs/meanings.js';
import { toAppError } from '../../bridge/api.js';
import { useProfiles } from '../profiles/profiles.js';
import { SignOffDialog, type SignTarget } from './sign-off-dialog.js';
import { useSigner, useSignOff } from './use-signoffs.js';

interface SignOffFlowProps {
  readonly profileId: string;
  readonly containerId: string;
  readonly documents: readonly SignTarget[];
  readonly initialMeaning?: SignOffMeaning;
  readonly onClose: () => void;
  /** After every document was signed (else onClose). */
  readonly onSigned?: () => void;
}

export function SignOffFlow({
  profileId,
  containerId,
  documents,
  initialMeaning,
  onClose,
  onSigned = onClose,
}: SignOffFlowProps) {
  const profiles = useProfiles();
  const signer = useSigner(profileId);
  const sign = useSignOff(profileId, containerId);
  const organizationName = profiles.data?.find((p) => p.id === profileId)?.organizationName ?? '';
  return (
    <SignOffDialog
      documents={documents}
      organizationName={organizationName}
      signer={signer.data}
      signerError={signer.error ? toAppError(signer.error) : undefined}
      initialMeaning={initialMeaning}
      busy={sign.isPending}
      error={sign.error ? toAppError(sign.error) : undefined}
      results={sign.data}
      onSign={(input) =>
        sign.mutate(input, {
          onSuccess: (results) => {
            if (results.every((r) => r.ok)) onSigned();
          },
        })
      }
      onClose={onClose}
    />
  );
}
