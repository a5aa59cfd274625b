// The trust feature's operations (issue 34): the user's decision on a collaborator's changed
// certificate, and the out-of-band comparison. Spread into `operations` in contract.ts; main's
// handlers are in electron/core/trust/.
import { z } from 'zod';
import { hexId } from '../args.js';
import { answers, op } from '../op.js';
import type { CertificateChangeView, ExpiringCertificateView } from './trust-views.js';

/** A collaborator whose certificate the profile accepted, as Settings lists it. */
export interface CollaboratorPinView {
  readonly organizationId: string;
  /** The organization's name in the directory (cleaned), or its id when it cannot be read. */
  readonly name: string;
  readonly subject: string;
  /** SHA-256 of the accepted certificate, hex (shown in groups of four to read aloud). */
  readonly sha256: string;
  readonly acceptedAt: string;
  readonly how: 'first-use' | 'approved';
  /** How it was compared out of band, for this certificate; absent: not verified. */
  readonly verified?: { readonly note: string; readonly at: string };
}
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const trustOperations = {
  /** Collaborators with a new certificate (grants still on the old one) or one expiring within 30 days. */
  'certificates.changes': op(
    /** `fresh`: check the directory now rather than answer the last scheduled check. */
    z.strictObject({ fresh: z.boolean().optional() }),
    answers<{ changes: CertificateChangeView[]; expiring: ExpiringCertificateView[] }>(),
  ),
  /** Every grant of the profile's items to the organization wrapped for its new certificate, once that passes the check; a result per item (progress: 'certificates.rewrapProgress'). */
  'certificates.rewrap': op(
    z.strictObject({ organizationId: hexId, containerId: hexId.optional() }),
    answers<{
      thumbprint: string;
      skipped: number;
      /** `name`: the document's name from its header, when it could be read. */
      results: { containerId: string; path: string; ok: boolean; message?: string; name?: string }[];
    }>(),
  ),
  /** The collaborators whose certificates the active profile accepted, with their verified marks. */
  'trust.list': op(z.strictObject({}), answers<CollaboratorPinView[]>()),
  /** Accepts the certificate the exchange lists now, if it is the one shown (`sha256`); keys go to it from now on. */
  'trust.accept': op(z.strictObject({ organizationId: hexId, sha256 }), answers<{ accepted: string }>()),
  /** Keeps the accepted certificate: the one the exchange lists now is declined (nothing is wrapped for it). */
  'trust.keep': op(z.strictObject({ organizationId: hexId }), answers<{ kept: string }>()),
  /** Marks the accepted certificate as compared out of band ("compared by phone with …"); an empty note clears it. */
  'trust.markVerified': op(
    z.strictObject({ organizationId: hexId, note: z.string().max(500) }),
    answers<{ verified: boolean }>(),
  ),
};

export interface TrustEventPayloads {
  /** A check of collaborators' certificates finished (on opening a profile's session, every few hours, after a re-wrap). */
  'certificates.changed': {
    profileId: string;
    changes: CertificateChangeView[];
    expiring: ExpiringCertificateView[];
  };
  /** One grant of a re-wrap for an organization's new certificate done (or failed). */
  'certificates.rewrapProgress': {
    profileId: string;
    organizationId: string;
    done: number;
    total: number;
    item: { containerId: string; path: string; ok: boolean; message?: string; name?: string };
  };
}
