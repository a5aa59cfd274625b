// The trust feature's operations (issue 34): the user's decision on a collaborator's changed
// certificate, and the out-of-band comparison. Spread into `operations` in contract.ts; main's
// handlers are in electron/core/trust/.
import { z } from 'zod';
import { answers, op } from '../op.js';

const hexId = z.string().regex(/^[0-9a-f]{32}$/);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const trustOperations = {
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
