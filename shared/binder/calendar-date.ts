// A calendar date (YYYY-MM-DD, decisions §8–§9: expiresOn, dueOn) and day arithmetic on it. Such a
// date names a day, not an instant: "today" is the user's calendar day in their time zone, passed
// in by the caller (tests inject it), and days between two dates are counted on the calendar,
// never from milliseconds of local time (a daylight-saving day has 23 or 25 hours).

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a real calendar date (2024-02-29 yes, 2025-02-29 no), else undefined. */
export function dayNumber(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return undefined;
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return Math.round(d.getTime() / 86_400_000);
}

export function isCalendarDate(text: unknown): text is string {
  return typeof text === 'string' && dayNumber(text) !== undefined;
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === undefined) throw new RangeError(`not a calendar date: ${date}`);
  return fromDayNumber(n + days);
}

export function fromDayNumber(n: number): string {
  const d = new Date(n * 86_400_000);
  const y = d.getUTCFullYear();
  return `${String(y).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** `to` minus `from` in calendar days (both real dates). */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new RangeError(`not calendar dates: ${from}, ${to}`);
  return b - a;
}

/**
 * The calendar day an instant falls on in a time zone (IANA name; the system's when absent):
 * what "today" is for the user. Intl is in both Node and the browser.
 */
export function calendarDay(instant: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}
