// Structured records (JSON content such as a study or a site modification) shown as labelled
// fields instead of raw JSON: nested objects become sections, arrays numbered entries.
import { shownText } from '../../../shared/shown-text.js';

export type RecordField =
  | { readonly kind: 'value'; readonly label: string; readonly value: string }
  | { readonly kind: 'group'; readonly label: string; readonly fields: RecordField[] };

/** `irbApprovalDate` / `irb_approval_date` → "Irb approval date". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms))
      return value.length === 10
        ? new Date(ms).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' })
        : new Date(ms).toLocaleString();
  }
  return shownText(value, RECORD_LIMITS.chars);
}

/**
 * How much of a record is expanded: another organization wrote it, and a 200,000-entry array
 * (seconds of rendering) or 3,000 levels of nesting (a stack overflow, a blank window) must not
 * freeze the pane. What is left out is counted in a "… N more" field.
 */
export const RECORD_LIMITS = { depth: 8, perLevel: 200, total: 1000, chars: 1000 } as const;

const more = (n: number): RecordField => ({ kind: 'value', label: '…', value: `${n.toLocaleString('en-US')} more` });

function label(key: string): string {
  return shownText(humanizeKey(key.slice(0, 400)), 100);
}

/** One level's fields, `budget.left` counting down the fields still allowed in all. */
function fieldsOf(
  entries: readonly [string, unknown][],
  total: number,
  depth: number,
  budget: { left: number },
): RecordField[] {
  const fields: RecordField[] = [];
  for (const [l, v] of entries) {
    if (budget.left <= 0) break;
    budget.left--;
    if (v === null || typeof v !== 'object') fields.push({ kind: 'value', label: l, value: scalar(v) });
    else if (depth >= RECORD_LIMITS.depth)
      fields.push({ kind: 'value', label: l, value: '… nested deeper, not shown' });
    else fields.push({ kind: 'group', label: l, fields: expand(v, depth + 1, budget) });
  }
  if (fields.length < total) fields.push(more(total - fields.length));
  return fields;
}

function expand(value: object, depth: number, budget: { left: number }, arrayLabel = ''): RecordField[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ kind: 'value', label: arrayLabel || 'Entries', value: 'None' }];
    const shown = value
      .slice(0, RECORD_LIMITS.perLevel)
      .map((v, i): [string, unknown] => [`${arrayLabel ? `${arrayLabel} ` : ''}${i + 1}`, v]);
    return fieldsOf(shown, value.length, depth, budget);
  }
  const keys = Object.keys(value);
  const shown = keys
    .slice(0, RECORD_LIMITS.perLevel)
    .map((k): [string, unknown] => [label(k), (value as Record<string, unknown>)[k]]);
  return fieldsOf(shown, keys.length, depth, budget);
}

/** A record's content as labelled fields and groups, within RECORD_LIMITS. */
export function recordFields(value: unknown, arrayLabel = ''): RecordField[] {
  if (value !== null && typeof value === 'object') return expand(value, 1, { left: RECORD_LIMITS.total }, arrayLabel);
  return [{ kind: 'value', label: arrayLabel || 'Value', value: scalar(value) }];
}
