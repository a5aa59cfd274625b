// ISO 8601 date-times from the exchange: the reference server sends milliseconds and
// +00:00, the original service seven fractional digits and local offsets (-07:00).
// Date.parse is unreliable past three fractional digits, so the fraction is cut first.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Milliseconds since the epoch, or undefined when the text is not ISO 8601. A date-time without offset is read as UTC. */
export function parseIsoTimestamp(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const ms = Number((frac + '000').slice(0, 3));
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
  }
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (Number.isNaN(utc)) return undefined;
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return undefined;
  return utc - offsetMinutes * 60_000;
}

/** A `since` value for the list query: a Date or any ISO 8601 text, sent as UTC ISO. */
export function toSinceParameter(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  const ms = parseIsoTimestamp(value);
  if (ms === undefined) throw new RangeError(`"${value}" is not an ISO 8601 date or date-time.`);
  return new Date(ms).toISOString();
}
