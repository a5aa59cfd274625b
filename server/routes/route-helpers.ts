// Checks shared by the routes: item paths from the URL, visible containers, JSON fields
// (the declared roles are the router's: requireDeclaredRole).
import { describeProblem, segmentsProblem, MAX_SEGMENTS } from '../../shared/item-path.js';
import { reservedPathWriter } from '../../shared/reserved-paths.js';
import { ApiError } from '../http/api-error.js';
import { parseJsonObject, type Fields } from '../http/validate.js';
import type { HeaderContext, RouteContext } from '../http/router.js';
import type { ContainerRow, OrganizationRow } from '../store/rows.js';

/**
 * The item path from the raw URL segments, in pipe form. Each segment is percent-decoded
 * and a `|` (or an encoded `/`) inside it separates segments, as protocol.md §2 says.
 */
export function itemPathFromUrl(rest: readonly string[], minSegments: number, maxSegments = MAX_SEGMENTS): string {
  const segments: string[] = [];
  for (const raw of rest) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      throw new ApiError('invalidItemPath', 'A segment of the item path is not valid percent-encoding.');
    }
    segments.push(...decoded.split(/[/|]/));
  }
  if (segments.length === 0 && minSegments === 0) return '';
  const problem = segmentsProblem(segments, maxSegments);
  if (problem)
    throw new ApiError('invalidItemPath', `The item path is not valid: ${describeProblem(problem, maxSegments)}.`);
  return segments.join('|');
}

/** Ids are 32 lower-case hex characters: anything else names nothing, and no store need see it. */
export function isId(id: string): boolean {
  return /^[0-9a-f]{32}$/.test(id);
}

export async function containerFor(ctx: HeaderContext): Promise<ContainerRow> {
  const id = ctx.params['containerId']!;
  const c = isId(id) ? await ctx.app.store.visibleContainer(id, ctx.caller.org.id) : undefined;
  if (!c) throw new ApiError('notFound', `Container ${id} was not found.`);
  return c;
}

/** The organization a route names (by its path or a body field), or 404. */
export async function namedOrganization(ctx: HeaderContext, id: string): Promise<OrganizationRow> {
  const org = isId(id) ? await ctx.app.store.getOrganization(id) : undefined;
  if (!org) throw new ApiError('notFound', `Organization ${id} was not found.`);
  return org;
}

/** A disabled organization cannot be given access (docs/protocol.md §5, 1019); revoking stays allowed. */
export function requireEnabledGrantee(org: OrganizationRow): void {
  if (org.is_disabled)
    throw new ApiError('organizationDisabledTarget', `Organization ${org.id} is disabled and cannot be given access.`);
}

/**
 * Reserved paths (decisions §3, docs/protocol.md §2, the rule in shared/reserved-paths.ts):
 * `study` and `checklist` are the container owner's; `receipts/<org>`, `signoffs/<org>` and
 * `requests/<org>` that organization's; the bare roots, or a root followed by anything but an
 * organization id, no one's. Anyone else is refused whether or not an item is there, so no one
 * can take a place first.
 */
export function requireReservedPathWriter(path: string, c: ContainerRow, orgId: string): void {
  const writer = reservedPathWriter(path);
  const root = path.split('|')[0]!;
  if (writer.kind === 'owner' && c.owner_id !== orgId)
    throw new ApiError('notAllowed', `Only the owner of the container may write at ${root}.`);
  if (writer.kind === 'organization' && writer.organizationId !== orgId)
    throw new ApiError(
      'notAllowed',
      `Only organization ${writer.organizationId} may write under ${root}/${writer.organizationId}/.`,
    );
  if (writer.kind === 'none')
    throw new ApiError('notAllowed', `No organization may write at ${root} except below its own organization id.`);
}

/** A JSON endpoint's fields (its media type is checked by the router as the body is reached). */
export function jsonFields(ctx: RouteContext): Fields {
  return parseJsonObject(ctx.body.buffer, ctx.body.overCap);
}
