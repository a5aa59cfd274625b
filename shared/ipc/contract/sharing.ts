// Sharing: who has access to items, granting, updating and revoking it, and the directory of
// organizations to share with. Spread into `operations` in contract.ts.
import { z } from 'zod';
import { MAX_ORGANIZATION_NAME } from '../../limits.js';
import type { Organization } from '../../types.js';
import { containerOrg, hexId, item, items } from '../args.js';
import { answers, op } from '../op.js';
import type { AccessResult, GranteePreview } from './sharing-views.js';

/** Grant, update and revoke: these items, for these organizations. */
const itemsForOrgs = items(10_000).extend({ organizationIds: z.array(hexId).min(1).max(1000) });

export const sharingOperations = {
  'access.list': op(item, answers<Organization[]>()),
  'access.preview': op(containerOrg, answers<GranteePreview>()),
  'access.grant': op(itemsForOrgs, answers<AccessResult[]>()),
  'access.update': op(itemsForOrgs, answers<AccessResult[]>()),
  'access.revoke': op(itemsForOrgs, answers<AccessResult[]>()),
  'access.shareWithStudy': op(items(10_000), answers<AccessResult[]>()),

  'organizations.list': op(
    z.strictObject({ namePrefix: z.string().max(MAX_ORGANIZATION_NAME).optional() }),
    answers<Organization[]>(),
  ),
  'organizations.get': op(z.strictObject({ organizationId: hexId }), answers<GranteePreview>()),
} as const;
