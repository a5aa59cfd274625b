// The client's `since`: read with the one strict parser the server uses (shared/iso-date.ts).
import { parseIsoTimestamp } from '../../shared/iso-date.js';

export { parseIsoTimestamp };

/** A `since` value for the list query: a Date or any ISO 8601 text, sent as UTC ISO. */
export function toSinceParameter(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  const ms = parseIsoTimestamp(value);
  if (ms === undefined) throw new RangeError(`"${value}" is not an ISO 8601 date or date-time with an offset.`);
  return new Date(ms).toISOString();
}
