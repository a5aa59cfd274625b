// A binder cell's status in words (decisions §9), never colour alone: "expiring in 20 days",
// "overdue since Dec 3, 2026", "received". Dates are calendar days (YYYY-MM-DD); one that is not a
// real date is "unreadable date" (a hostile header's expiresOn is never dropped silently).
import { dayNumber } from '../../../shared/binder/calendar-date.js';
import type { BinderCell, FulfilmentStatus } from '../../../shared/binder/views.js';

export const STATUS_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  missing: 'Missing',
  overdue: 'Overdue',
  expired: 'Expired',
  'needs-expiry': 'Needs expiry date',
  expiring: 'Expiring',
  'signed-off': 'Signed off',
  received: 'Received',
};

/** A calendar day in the user's words ("Dec 3, 2026"), or "unreadable date". */
export function formatCalendarDay(day: string | undefined, locale?: string): string {
  if (day === undefined) return '—';
  const n = dayNumber(day);
  if (n === undefined) return 'unreadable date';
  // The day is a calendar date, not an instant: shown in UTC so no zone moves it.
  return new Date(n * 86_400_000).toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "in 20 days", "tomorrow", "today", "3 days ago". */
export function inDays(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** The words a binder cell shows. */
export function cellWords(cell: Pick<BinderCell, 'status' | 'dueOn' | 'daysLeft' | 'document'>): string {
  const expires = cell.document?.expiresOn;
  switch (cell.status) {
    case 'missing':
      return cell.dueOn ? `missing, due ${formatCalendarDay(cell.dueOn)}` : 'missing';
    case 'overdue':
      return `overdue since ${formatCalendarDay(cell.dueOn)}`;
    case 'expired':
      return `expired ${formatCalendarDay(expires)}`;
    case 'needs-expiry':
      return 'needs expiry date';
    case 'expiring':
      return cell.daysLeft === undefined
        ? 'expiring'
        : cell.daysLeft === 0
          ? 'expires today'
          : `expiring ${inDays(cell.daysLeft)}`;
    case 'signed-off':
      return 'signed off';
    case 'received':
      return 'received';
  }
}
