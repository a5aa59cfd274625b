// The file list's Expires cell (decisions §8): the date, and in words when it matters: "expired",
// "in 14 days" within the warning period. Colour follows the words, never replaces them.
import { daysBetween, isCalendarDate } from '../../../shared/binder/calendar-date.js';
import { formatCalendarDay, inDays } from './status-words.js';
import { UNREADABLE_DATE } from './row-fields.js';
import './binder.css';

export interface ExpiryContext {
  /** The user's calendar day, YYYY-MM-DD. */
  readonly today: string;
  readonly warningDays: number;
}

/** What the cell says and how it is marked: '' (no expiry), 'ok', 'soon', 'expired' or 'unreadable'. */
export function expiresWords(
  expires: string | undefined,
  expiry: ExpiryContext | undefined,
): { text: string; state: '' | 'ok' | 'soon' | 'expired' | 'unreadable' } {
  if (!expires) return { text: '', state: '' };
  if (expires === UNREADABLE_DATE || !isCalendarDate(expires)) return { text: 'unreadable date', state: 'unreadable' };
  const day = formatCalendarDay(expires);
  if (!expiry || !isCalendarDate(expiry.today)) return { text: day, state: 'ok' };
  const days = daysBetween(expiry.today, expires);
  if (days < 0) return { text: `expired ${day}`, state: 'expired' };
  if (days <= expiry.warningDays) return { text: days === 0 ? 'expires today' : inDays(days), state: 'soon' };
  return { text: day, state: 'ok' };
}

export function ExpiresCell({ expires, expiry }: { expires?: string; expiry?: ExpiryContext }) {
  const { text, state } = expiresWords(expires, expiry);
  return (
    <div
      role="gridcell"
      className={`cell col-expires ${state ? `expires-${state}` : ''}`}
      data-testid="expires-cell"
      data-state={state || undefined}
      title={expires && state !== 'unreadable' ? formatCalendarDay(expires) : undefined}
    >
      {text}
    </div>
  );
}
