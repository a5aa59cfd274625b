import { describe, expect, it } from 'vitest';
import { parseIsoTimestamp, toSinceParameter } from './timestamps.js';

describe('ISO 8601 timestamps', () => {
  it('reads milliseconds with +00:00, seven fractional digits and local offsets', () => {
    const utc = Date.UTC(2026, 10, 21, 23, 45, 12, 123);
    expect(parseIsoTimestamp('2026-11-21T23:45:12.123+00:00')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-21T23:45:12.1234567Z')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-21T16:45:12.1234567-07:00')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-22T05:15:12.123+0530')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-21')).toBe(Date.UTC(2026, 10, 21));
  });

  it('refuses text that is not a date', () => {
    expect(parseIsoTimestamp('yesterday')).toBeUndefined();
    expect(parseIsoTimestamp('2026-02-30T00:00:00Z')).toBeUndefined();
    expect(() => toSinceParameter('soon')).toThrow(/not an ISO 8601/);
  });

  it('sends since in UTC', () => {
    expect(toSinceParameter('2026-11-21T16:45:12-07:00')).toBe('2026-11-21T23:45:12.000Z');
    expect(toSinceParameter(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01T00:00:00.000Z');
  });
});
