// ISO 8601 dates and date-times as the exchange reads them (protocol.md §1), one parser for
// the server's `since` and the client's timestamps. Strict: a date-time carries `Z` or an
// offset (never read in the local time zone, which differs from machine to machine), an
// impossible date (February 30) or time (24:00, 10:60) is refused. The reference server
// sends milliseconds and +00:00, the original service seven fractional digits and local
// offsets (-07:00); Date.parse is unreliable past three fractional digits, so it is not used.

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?))?$/;

/**
 * Milliseconds since the epoch, or undefined when the text is not a strict ISO 8601 date
 * (read as midnight UTC) or date-time with `Z` or an offset.
 */
export function parseIsoTimestamp(text: string): number | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m as unknown as string[];
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4) || '0');
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  // rolled over (February 30 → March 2): an impossible date
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  date.setUTCHours(hour, minute, second, Number((frac + '000').slice(0, 3)));
  return date.getTime() - offsetMinutes * 60_000;
}
