// The sandbox's sign-offs (issue 36): in the first study, the first site has acknowledged the
// protocol (one signed, valid sign-off the sIRB sees), and the sIRB has asked the invited sites to
// acknowledge the consent form (one outstanding request, due in two weeks). Written through the
// same services as the app's, by each organization as itself.
import type { ExchangeClient } from '../../services/exchange-client.js';
import type { KeyHandle } from '../../services/keys/key-vault.js';
import { SharingService, type TrustAnchors } from '../../services/sharing/sharing.js';
import { localDate } from '../../services/signoffs/request-views.js';
import { writeRequest, writeSignOff } from '../../services/signoffs/signoff-writer.js';

interface Acting {
  readonly client: ExchangeClient;
  readonly keys: KeyHandle;
}

export async function seedSignOffs(s: {
  readonly sirb: Acting;
  readonly site: Acting;
  readonly containerId: string;
  readonly protocolPath: string;
  readonly consentPath: string;
  readonly siteIds: readonly string[];
  readonly trustAnchors: TrustAnchors;
  readonly now?: Date;
}): Promise<void> {
  const now = s.now ?? new Date();
  const as = (a: Acting) => ({ ...a, sharing: new SharingService(a.client, a.keys, s.trustAnchors) });
  const certificate = s.site.keys.certificate;
  if (certificate)
    await writeSignOff(
      as(s.site),
      { sign: s.site.keys.signer, thumbprint: certificate.thumbprint },
      s.containerId,
      s.protocolPath,
      {
        meaning: 'acknowledged',
        signer: { name: 'A. Rivera', role: 'Study coordinator' },
        comment: 'Version 2 received and read; filed in the site binder.',
        shareWith: 'everyone',
      },
    );
  await writeRequest(as(s.sirb), s.containerId, s.consentPath, {
    meaning: 'acknowledged',
    organizationIds: s.siteIds,
    dueOn: localDate(new Date(now.getTime() + 14 * 86_400_000)),
    message: 'Please acknowledge informed consent form version 3 before enrolling under it.',
  });
}
