// Items a study holds that are not its documents (decisions §3, docs/protocol.md reserved
// paths): the study record and the checklist belong to the study's owner; receipts,
// sign-offs and requests each to the organization named by their second segment. None is
// listed among documents, found by search, nor shown by the command-line tool's listings,
// and the server lets only their one writer save or add there.
import { STUDY_RECORD_PATH } from './study-title.js';

export const RECEIPTS_FOLDER = 'receipts';
export const SIGNOFFS_FOLDER = 'signoffs';
export const REQUESTS_FOLDER = 'requests';
export const CHECKLIST_PATH = 'checklist';

/** Paths that are the container owner's, themselves and anything below them. */
const OWNER_ROOTS: readonly string[] = [STUDY_RECORD_PATH, CHECKLIST_PATH];
/** Folders whose second segment names the one organization that may write below it. */
const ORGANIZATION_ROOTS: readonly string[] = [RECEIPTS_FOLDER, SIGNOFFS_FOLDER, REQUESTS_FOLDER];

/** Who may save or add at a path: anyone with access, the container's owner, one organization, or no one. */
export type ReservedWriter =
  | { readonly kind: 'anyone' }
  | { readonly kind: 'owner' }
  | { readonly kind: 'organization'; readonly organizationId: string }
  | { readonly kind: 'none' };

const ORGANIZATION_ID = /^[0-9a-f]{32}$/;

/** The writer decisions §3 allows at an item path (pipe or slash form). */
export function reservedPathWriter(id: string): ReservedWriter {
  const segments = id.split(/[|/]/);
  const root = segments[0]!;
  if (OWNER_ROOTS.includes(root)) return { kind: 'owner' };
  if (!ORGANIZATION_ROOTS.includes(root)) return { kind: 'anyone' };
  const organizationId = segments[1];
  // the root itself, or a second segment that is not an organization id, is no one's
  if (organizationId === undefined || !ORGANIZATION_ID.test(organizationId)) return { kind: 'none' };
  return { kind: 'organization', organizationId };
}

/** True for every reserved path: the study record, the checklist, receipts, sign-offs and requests. */
export function isReservedItemId(id: string): boolean {
  return reservedPathWriter(id).kind !== 'anyone';
}
