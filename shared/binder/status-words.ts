// How a binder cell's status reads ("expiring in 14 days"), the same in the window, the CSV
// export, the CLI and notifications.
import type { BinderCell, FulfilmentStatus } from './views.js';

export const STATUS_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  missing: 'Missing',
  overdue: 'Overdue',
  expired: 'Expired',
  'needs-expiry': 'Needs expiry',
  expiring: 'Expiring',
  'signed-off': 'Signed off',
  received: 'Received',
};

const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

/** When a document expires, relative to today: "today", "in 14 days", "3 days ago". */
export function expiryWords(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  return daysLeft > 0 ? `in ${days(daysLeft)}` : `${days(-daysLeft)} ago`;
}

/** A cell's status in words: "Expiring in 14 days", "Expired 3 days ago", "Overdue (due 2026-03-01)". */
export function statusWords(cell: Pick<BinderCell, 'status' | 'daysLeft' | 'dueOn'>): string {
  const label = STATUS_LABELS[cell.status];
  if ((cell.status === 'expiring' || cell.status === 'expired') && cell.daysLeft !== undefined)
    return cell.status === 'expiring' && cell.daysLeft === 0
      ? 'Expires today'
      : `${label} ${expiryWords(cell.daysLeft)}`;
  if ((cell.status === 'missing' || cell.status === 'overdue') && cell.dueOn) return `${label} (due ${cell.dueOn})`;
  return label;
}
