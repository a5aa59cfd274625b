// The exchange administrator's directory edits. Spread into `operations` in contract.ts.
import { z } from 'zod';
import { MAX_CERTIFICATE_BYTES, MAX_ORGANIZATION_NAME } from '../../limits.js';
import type { Organization } from '../../types.js';
import { CERTIFICATE_MEDIA_TYPES } from '../../admin/certificate-media-types.js';
import { hexId, pem } from '../args.js';
import { answers, op } from '../op.js';

const orgName = z.string().min(1).max(MAX_ORGANIZATION_NAME);

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
      /** Its Base-64 no longer than a certificate may be, so the decoded body is within the limit too. */
      certificateBase64: z.string().min(0).max(MAX_CERTIFICATE_BYTES),
      mediaType: z.enum(CERTIFICATE_MEDIA_TYPES),
    }),
    answers<Organization>(),
  ),
} as const;
