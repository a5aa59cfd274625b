// Sizes, dates, rates and time left in the words and units a coordinator expects.
const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** Binary multiples with the familiar short names (1 KB = 1024 bytes), one decimal above bytes. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes === 1) return '1 byte';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

export function formatRate(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return '—';
  return `${formatBytes(Math.round(bytesPerSecond))}/s`;
}

/** Seconds left from what is done and the current rate; undefined when unknown. */
export function secondsLeft(bytes: number, total: number, rate: number): number | undefined {
  if (!(rate > 0) || !(total > 0) || bytes >= total) return undefined;
  return Math.ceil((total - bytes) / rate);
}

export function formatDuration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function formatTimeLeft(bytes: number, total: number, rate: number): string {
  const left = secondsLeft(bytes, total, rate);
  return left === undefined ? '—' : `${formatDuration(left)} left`;
}

/** Local date and time, short; '—' for missing or unreadable values. */
export function formatDate(iso: string | undefined, locale?: string): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The date alone (the list's Updated column; the time is in its tooltip). */
export function formatDay(iso: string | undefined, locale?: string): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms).toLocaleDateString(locale, { dateStyle: 'medium' });
}

export function percent(bytes: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((bytes / total) * 100)));
}

/** "ahead by 4 minutes 12 seconds" — for the clock warning. */
export function formatSkew(seconds: number): string {
  const abs = Math.round(Math.abs(seconds));
  const direction = seconds > 0 ? 'ahead' : 'behind';
  const m = Math.floor(abs / 60);
  const s = abs % 60;
  const parts = [m ? `${m} minute${m === 1 ? '' : 's'}` : '', s || !m ? `${s} second${s === 1 ? '' : 's'}` : ''].filter(
    Boolean,
  );
  return `${direction} by ${parts.join(' ')}`;
}

/** How long ago, in words ("just now", "5 min ago", "3 h ago", "2 days ago"), else the day. */
export function formatAgo(iso: string, now: number = Date.now(), locale?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const minutes = Math.floor((now - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return formatDay(iso, locale);
}

/** Date and time with its zone (a sign-off's time, 21 CFR 11.50): local, the zone named. */
export function formatDateTimeZone(iso: string | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms).toLocaleString(locale, {
    dateStyle: 'medium',
    timeStyle: 'long',
    ...(timeZone ? { timeZone } : {}),
  });
}
