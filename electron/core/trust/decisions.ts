// The user's decision on an organization's changed certificate (issue 34): accept the one the
// exchange lists now (every check but the pin must pass, and it must be the one the user was
// shown), or keep the old one. The window, Settings and `study-exchange trust` all come here.
import { certificateToPin } from '../../../shared/protocol/pinnable.js';
import type { ApprovingPins, Pin } from '../../../shared/trust/pins.js';
import { FailureError } from '../../../shared/failure-error.js';
import type { CallOptions } from '../../services/exchange-client.js';
import type { SharingService } from '../../services/sharing/sharing.js';

export class TrustDecisionError extends FailureError<'moved-on' | 'nothing-pinned'> {
  override readonly name = 'TrustDecisionError';
}

type Checking = Pick<SharingService, 'checkedCertificate'>;

/**
 * Accepts the organization's directory certificate. `expectedSha256`: the one the user compared;
 * when the exchange lists another by now, nothing is accepted.
 */
export async function acceptCertificate(
  sharing: Checking,
  pins: ApprovingPins,
  organizationId: string,
  expectedSha256?: string,
  options: CallOptions = {},
): Promise<Pin> {
  const { certificate, name } = await sharing.checkedCertificate(organizationId, options);
  const offered = certificateToPin(certificate, organizationId);
  if (expectedSha256 && expectedSha256.toLowerCase() !== offered.sha256)
    throw new TrustDecisionError(
      'moved-on',
      `The exchange lists yet another certificate for ${name} than the one shown; compare it again before accepting it.`,
    );
  return pins.approve(organizationId, offered);
}

/** Keeps the accepted certificate: the one the exchange lists now is remembered as declined. */
export async function keepCertificate(
  sharing: Pick<SharingService, 'offeredSha256'>,
  pins: { keep(organizationId: string, sha256: string): Promise<Pin>; pinned(id: string): Promise<Pin | undefined> },
  organizationId: string,
  options: CallOptions = {},
): Promise<Pin> {
  if (!(await pins.pinned(organizationId)))
    throw new TrustDecisionError('nothing-pinned', 'No certificate was accepted for this organization yet.');
  return pins.keep(organizationId, await sharing.offeredSha256(organizationId, options));
}
