// Structured records (JSON content such as a study or a site modification) shown as labelled
// fields instead of raw JSON: nested objects become sections, arrays numbered entries.
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
    if (!Number.isNaN(ms)) return value.length === 10 ? new Date(ms).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' }) : new Date(ms).toLocaleString();
  }
  return String(value);
}

export function recordFields(value: unknown, label = ''): RecordField[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ kind: 'value', label: label || 'Entries', value: 'None' }];
    return value.map((v, i) => {
      const l = `${label ? `${label} ` : ''}${i + 1}`;
      return v !== null && typeof v === 'object' ? { kind: 'group', label: l, fields: recordFields(v) } : { kind: 'value', label: l, value: scalar(v) };
    });
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([key, v]) => {
      const l = humanizeKey(key);
      if (v !== null && typeof v === 'object') return { kind: 'group', label: l, fields: recordFields(v, Array.isArray(v) ? '' : '') };
      return { kind: 'value', label: l, value: scalar(v) };
    });
  }
  return [{ kind: 'value', label: label || 'Value', value: scalar(value) }];
}
