// The binder's table from main's answer (binder.status): cells by item and organization, the
// summary words per site ("5 of 7 — 1 expiring") and per item, and the status filter.
import type { BinderCell, BinderSummary, FulfilmentStatus } from '../../../shared/binder/views.js';

export function cellKey(itemId: string, organizationId: string): string {
  return `${itemId}\n${organizationId}`;
}

export function cellsByKey(cells: readonly BinderCell[]): Map<string, BinderCell[]> {
  const map = new Map<string, BinderCell[]>();
  for (const c of cells) {
    const key = cellKey(c.itemId, c.organizationId);
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  }
  return map;
}

/** "5 of 7 — 1 overdue, 1 expiring": what is in of what is required, then what needs action. */
export function summaryWords(summary: BinderSummary | undefined): string {
  if (!summary) return '';
  const notes = (['overdue', 'expired', 'expiring', 'needs-expiry'] as const)
    .filter((s) => summary.counts[s] > 0)
    .map((s) => `${summary.counts[s]} ${s === 'needs-expiry' ? 'without expiry date' : s}`);
  return `${summary.fulfilled} of ${summary.expected}${notes.length ? ` — ${notes.join(', ')}` : ''}`;
}

export function matchesFilter(cell: BinderCell, filter: FulfilmentStatus | ''): boolean {
  return !filter || cell.status === filter;
}
