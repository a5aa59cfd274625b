// The exchange administrator's directory edits. Spread into `operations` in contract.ts.
import { z } from 'zod';
import type { Organization } from '../../types.js';
import { hexId, pem } from '../args.js';
import { answers, op } from '../op.js';

const orgName = z.string().min(1).max(200);

export const adminOperations = {
  'admin.createOrganization': op(
    z.strictObject({ name: orgName, isSirb: z.boolean(), certificatePem: pem.optional() }),
    answers<Organization>(),
  ),
  'admin.updateOrganization': op(
    z.strictObject({
      organizationId: hexId,
      name: orgName.optional(),
      isSirb: z.boolean().optional(),
      isDisabled: z.boolean().optional(),
    }),
    answers<Organization>(),
  ),
  'admin.putCertificate': op(
    z.strictObject({
      organizationId: hexId,
      certificateBase64: z
        .string()
        .min(0)
        .max(1024 * 1024),
      mediaType: z.string().min(1).max(100),
    }),
    answers<Organization>(),
  ),
} as const;
