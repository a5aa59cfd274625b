// What main sends the window to show a structured record. Another organization wrote it: the
// window expands only the first levels (RECORD_LIMITS), so main refuses a record too large to be
// worth sending (the transport would read up to 64 MiB) and cuts nesting the window never shows
// (at about 2,000 levels Electron's structured clone of the answer already fails).
import { UserFacingError } from '../../../shared/app-error.js';

/** The largest record content sent to the window for display. */
export const MAX_RECORD_DISPLAY_BYTES = 4 * 1024 * 1024;
/** Deeper than this, a value is replaced by a note (the window shows 8 levels). */
export const MAX_RECORD_DISPLAY_DEPTH = 16;

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

function cutDepth(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_RECORD_DISPLAY_DEPTH) return '… nested deeper, not shown';
  if (Array.isArray(value)) return value.map((v) => cutDepth(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = cutDepth(v, depth + 1);
  return out;
}

/** The content to show, or a clear refusal naming the size. */
export function recordForDisplay(content: unknown, size: number): unknown {
  if (size > MAX_RECORD_DISPLAY_BYTES) {
    throw new UserFacingError(
      'too-large',
      `The record is ${mib(size)}; records over ${mib(MAX_RECORD_DISPLAY_BYTES)} are not shown.`,
      'This record is too large to show here. Save it with "Save as…" to read it.',
    );
  }
  return cutDepth(content, 0);
}
