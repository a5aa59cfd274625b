// Where sign-offs and requests live (docs/protocol.md §10): `signoffs/<signer org>/<h>/<generated>`
// and `requests/<requester org>/<generated>`, `h` as receipts' (§7). Anything else under those
// folders is not one and is ignored.
import { toSlashForm } from '../../../shared/item-path.js';
import { REQUESTS_FOLDER, SIGNOFFS_FOLDER } from '../../../shared/reserved-paths.js';
import { receiptHash } from '../receipts/receipt-record.js';

const hex32 = /^[0-9a-f]{32}$/;

/** The first 32 hex characters of SHA-256 of the item id in slash form (§7's `h`). */
export const itemHash = receiptHash;

/** The folder a new sign-off of `itemId` by `organizationId` is added to (POST). */
export function signOffFolder(organizationId: string, itemId: string): string {
  return `${SIGNOFFS_FOLDER}/${organizationId}/${itemHash(itemId)}`;
}

export function requestFolder(organizationId: string): string {
  return `${REQUESTS_FOLDER}/${organizationId}`;
}

/** The signer organization and item hash a sign-off's id names, or undefined for anything else. */
export function parseSignOffPath(id: string): { readonly organizationId: string; readonly hash: string } | undefined {
  const [folder, organizationId, hash, generated, ...rest] = toSlashForm(id).split('/');
  if (folder !== SIGNOFFS_FOLDER || rest.length > 0 || !organizationId || !hash || !generated) return undefined;
  return hex32.test(organizationId) && hex32.test(hash) ? { organizationId, hash } : undefined;
}

/** The requester a request's id names, or undefined for anything else. */
export function parseRequestPath(id: string): { readonly organizationId: string } | undefined {
  const [folder, organizationId, generated, ...rest] = toSlashForm(id).split('/');
  if (folder !== REQUESTS_FOLDER || rest.length > 0 || !organizationId || !generated) return undefined;
  return hex32.test(organizationId) ? { organizationId } : undefined;
}
