// Checks shared by the routes: item paths from the URL, visible containers, JSON fields
// (the declared roles are the router's: requireDeclaredRole).
import { describeProblem, segmentsProblem, MAX_SEGMENTS } from '../../shared/item-path.js';
import { ApiError } from '../http/api-error.js';
import { parseJsonObject, type Fields } from '../http/validate.js';
import type { RouteContext } from '../http/router.js';
import type { ContainerRow } from '../store/rows.js';

/**
 * The item path from the raw URL segments, in pipe form. Each segment is percent-decoded
 * and a `|` (or an encoded `/`) inside it separates segments, as decisions §3 says.
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
  if (problem) throw new ApiError('invalidItemPath', `The item path is not valid: ${describeProblem(problem, maxSegments)}.`);
  return segments.join('|');
}

export async function containerFor(ctx: RouteContext): Promise<ContainerRow> {
  const id = ctx.params['containerId']!;
  const c = await ctx.app.store.visibleContainer(id, ctx.caller.org.id);
  if (!c) throw new ApiError('notFound', `Container ${id} was not found.`);
  return c;
}

/** A JSON endpoint's fields (its media type is checked by the router as the body is reached). */
export function jsonFields(ctx: RouteContext): Fields {
  return parseJsonObject(ctx.body.buffer, ctx.body.overCap);
}
