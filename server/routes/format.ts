// Wire formatting shared by the routes: timestamps and URLs.

const DAY_MS = 86_400_000;
let cachedDay = Number.NaN;
let cachedDayText = ''; // `YYYY-MM-DDT` of cachedDay, or '' when it has no 4-digit year

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * ISO 8601 with milliseconds and an explicit +00:00 offset (protocol.md §1). The date part is
 * formatted once per day and the time by arithmetic: a 100,000-item listing formats 200,000
 * times, which took 0.16 s through Date#toISOString and a regex.
 */
export function isoTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    const iso = new Date(day * DAY_MS).toISOString(); // throws RangeError for an invalid time, as before
    cachedDay = day;
    cachedDayText = iso.length === 24 ? iso.slice(0, 11) : '';
  }
  if (cachedDayText === '' || !Number.isInteger(ms)) return `${new Date(ms).toISOString().slice(0, -1)}+00:00`;
  let t = ms - day * DAY_MS;
  const h = Math.floor(t / 3_600_000);
  t -= h * 3_600_000;
  const m = Math.floor(t / 60_000);
  t -= m * 60_000;
  const s = Math.floor(t / 1000);
  return `${cachedDayText}${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(t - s * 1000)}+00:00`;
}

export function containerUrl(containerId: string): string {
  return `/containers/${containerId}`;
}

export function organizationUrl(organizationId: string): string {
  return `/organizations/${organizationId}`;
}
