// Item paths (protocol.md §1, §2): 1 to 12 segments of 1 to 200 characters
// (Unicode code points, so 200 emoji are 200 characters, not 400 UTF-16 units),
// never `.` or `..`. The service stores them with `|` between segments and shows URLs with
// `/`; both forms name the same item, so everything here accepts either.
import { MAX_SEGMENT_LENGTH, MAX_SEGMENTS } from './limits.js';

export { MAX_SEGMENTS, MAX_SEGMENT_LENGTH };
/** A folder that an item is added to (POST): the service generates one more segment, the item's own. */
export const MAX_FOLDER_SEGMENTS = MAX_SEGMENTS - 1;
/**
 * The longest path text worth parsing: every segment at its limit with a separator. A bound on
 * input at a door (IPC, the browser host), in UTF-16 units; the rules are parseItemPath's.
 */
export const MAX_ITEM_PATH_LENGTH = MAX_SEGMENTS * (MAX_SEGMENT_LENGTH + 1);

export type ItemPathProblem =
  'empty' | 'too-many-segments' | 'empty-segment' | 'dot-segment' | 'segment-too-long' | 'control-character';

export class ItemPathError extends Error {
  constructor(
    readonly problem: ItemPathProblem,
    readonly path: string,
    maxSegments = MAX_SEGMENTS,
  ) {
    super(`Item path ${JSON.stringify(path)} is not valid: ${describeProblem(problem, maxSegments)}.`);
    this.name = 'ItemPathError';
  }
}

/** `maxSegments` is MAX_FOLDER_SEGMENTS for add item, whose last segment the server generates. */
export function describeProblem(problem: ItemPathProblem, maxSegments = MAX_SEGMENTS): string {
  switch (problem) {
    case 'empty':
      return 'it has no segments';
    case 'too-many-segments':
      return `it has more than ${maxSegments} segments`;
    case 'empty-segment':
      return 'a segment is empty';
    case 'dot-segment':
      return 'a segment is "." or ".."';
    case 'segment-too-long':
      return `a segment is longer than ${MAX_SEGMENT_LENGTH} characters`;
    case 'control-character':
      return 'a segment holds a control character';
  }
}

/** Splits either form into raw segments without validating them. */
export function splitItemPath(path: string): string[] {
  if (path === '') return [];
  return path.split(/[/|]/);
}

/** Code points of a segment, counted only as far as the limit needs. */
function tooLong(s: string): boolean {
  if (s.length <= MAX_SEGMENT_LENGTH) return false;
  if (s.length > 2 * MAX_SEGMENT_LENGTH) return true;
  let points = 0;
  for (const _ of s) if (++points > MAX_SEGMENT_LENGTH) return true;
  return false;
}

/** The first problem of a list of segments, or undefined when they form a valid item path. */
export function segmentsProblem(segments: readonly string[], maxSegments = MAX_SEGMENTS): ItemPathProblem | undefined {
  if (segments.length === 0) return 'empty';
  if (segments.length > maxSegments) return 'too-many-segments';
  for (const s of segments) {
    if (s.length === 0) return 'empty-segment';
    if (s === '.' || s === '..') return 'dot-segment';
    if (tooLong(s)) return 'segment-too-long';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(s)) return 'control-character';
  }
  return undefined;
}

/** Parses and validates either form; throws ItemPathError. */
export function parseItemPath(path: string, maxSegments = MAX_SEGMENTS): string[] {
  const segments = splitItemPath(path);
  const problem = segmentsProblem(segments, maxSegments);
  if (problem) throw new ItemPathError(problem, path, maxSegments);
  return segments;
}

export function isValidItemPath(path: string): boolean {
  return segmentsProblem(splitItemPath(path)) === undefined;
}

// The two forms differ only in the separator: a replace, not a split and join (a 100,000-item
// listing converts every id, and the regex split cost most of the tree build).

/** `a/b` or `a|b` → `a|b` (the stored form). */
export function toPipeForm(path: string): string {
  return path.includes('/') ? path.replaceAll('/', '|') : path;
}

/** `a|b` or `a/b` → `a/b` (the URL form). */
export function toSlashForm(path: string): string {
  return path.includes('|') ? path.replaceAll('|', '/') : path;
}

/** The same item whatever the form. */
export function sameItemPath(a: string, b: string): boolean {
  return toPipeForm(a) === toPipeForm(b);
}

/** Joins paths or segments in slash form, ignoring empty parts. */
export function joinItemPath(...parts: readonly string[]): string {
  return parts
    .flatMap(splitItemPath)
    .filter((s) => s !== '')
    .join('/');
}

/** The parent folder in slash form; '' for a top-level item. */
export function parentItemPath(path: string): string {
  const segments = splitItemPath(path);
  return segments.slice(0, -1).join('/');
}

/** The last segment (the item's own name). */
export function itemBaseName(path: string): string {
  const segments = splitItemPath(path);
  return segments[segments.length - 1] ?? '';
}

export function itemPathDepth(path: string): number {
  return splitItemPath(path).filter((s) => s !== '').length;
}

/** Percent-encodes each segment for a URL path (`a/b c` → `a/b%20c`). */
export function itemPathToUrl(path: string): string {
  return splitItemPath(path).map(encodeURIComponent).join('/');
}
