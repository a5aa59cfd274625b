// Records the study's owner keeps for every collaborator (decisions §6 the study record, §9 the
// checklist): after each save every collaborator gets the new key (a grant for one that lacked
// it), an invited organization is given the record, and a revoked one loses it. One collaborator
// that cannot receive it is reported and the others still get it.
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { ExchangeError } from '../exchange-errors.js';
import type { SharingService } from '../sharing/sharing.js';

/** A collaborator the record could not be shared with, and why (the record itself was saved). */
export interface NotShared {
  readonly organizationId: string;
  readonly organizationName: string;
  readonly reason: string;
}

type Sharing = Pick<SharingService, 'grant' | 'update' | 'revoke'>;

const isNotFound = (e: unknown): boolean => e instanceof ExchangeError && e.status === 404;
const reasonOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** After a PUT (a new key): grantees that had the record get the new key, the other collaborators a grant. */
export async function shareWithCollaborators(
  client: ExchangeClient,
  sharing: Sharing,
  containerId: string,
  path: string,
  options: CallOptions = {},
): Promise<{ granted: string[]; notShared: NotShared[] }> {
  const [members, access] = await Promise.all([
    client.listContainerOrganizations(containerId, options),
    client.getItemAccess(containerId, path, options),
  ]);
  const had = new Set(access.map((o) => o.id));
  const others = members.filter((org) => org.id !== client.organizationId);
  const outcomes = await Promise.allSettled(
    others.map((org) =>
      had.has(org.id)
        ? sharing.update(containerId, path, org.id, options)
        : sharing.grant(containerId, path, org.id, options),
    ),
  );
  const granted: string[] = [];
  const notShared: NotShared[] = [];
  outcomes.forEach((outcome, i) => {
    const org = others[i]!;
    if (outcome.status === 'rejected')
      notShared.push({ organizationId: org.id, organizationName: org.name, reason: reasonOf(outcome.reason) });
    else if (!had.has(org.id)) granted.push(org.id);
  });
  return { granted, notShared };
}

/** After inviting an organization: gives it the record, when there is one of ours it lacks. */
export async function grantOwnerRecord(
  client: ExchangeClient,
  sharing: Sharing,
  containerId: string,
  path: string,
  organizationId: string,
  options: CallOptions = {},
): Promise<boolean> {
  let ownerUrl: string;
  try {
    ownerUrl = (await client.getItem(containerId, path, options)).ownerUrl;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
  // not ours to grant (only the owner's record counts)
  if (ownerUrl.split('/').filter(Boolean).pop() !== client.organizationId) return false;
  const access = await client.getItemAccess(containerId, path, options);
  if (access.some((o) => o.id === organizationId)) return false;
  await sharing.grant(containerId, path, organizationId, options);
  return true;
}

/** Before revoking a collaborator: its grant of the record goes with it. */
export async function revokeOwnerRecord(
  client: ExchangeClient,
  sharing: Sharing,
  containerId: string,
  path: string,
  organizationId: string,
  options: CallOptions = {},
): Promise<boolean> {
  try {
    const access = await client.getItemAccess(containerId, path, options);
    if (!access.some((o) => o.id === organizationId)) return false;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
  await sharing.revoke(containerId, path, organizationId, options);
  return true;
}
