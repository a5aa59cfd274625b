// CSV as spreadsheets read it: CRLF lines, quoted when needed, formulas neutralised.

export function csvCell(value: unknown): string {
  const text = value === undefined ? '' : String(value);
  // Quote when needed; neutralise spreadsheet formulas (a leading =, +, - or @).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
