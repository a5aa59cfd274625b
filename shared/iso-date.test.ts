import { describe, expect, it } from 'vitest';
import { parseIsoTimestamp } from './iso-date.js';

describe('ISO 8601 dates and date-times (protocol.md §1)', () => {
  it('reads milliseconds with +00:00, seven fractional digits and local offsets', () => {
    const utc = Date.UTC(2026, 10, 21, 23, 45, 12, 123);
    expect(parseIsoTimestamp('2026-11-21T23:45:12.123+00:00')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-21T23:45:12.1234567Z')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-21T16:45:12.1234567-07:00')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-22T05:15:12.123+0530')).toBe(utc);
    expect(parseIsoTimestamp('2026-11-21T23:45Z')).toBe(Date.UTC(2026, 10, 21, 23, 45));
  });

  it('reads a date alone as midnight UTC, and years before 100 as such', () => {
    expect(parseIsoTimestamp('2026-11-21')).toBe(Date.UTC(2026, 10, 21));
    expect(parseIsoTimestamp('2000-02-29')).toBe(Date.UTC(2000, 1, 29));
    expect(new Date(parseIsoTimestamp('0099-01-01')!).getUTCFullYear()).toBe(99);
  });

  it.each([
    'yesterday',
    '2000-02-30',
    '2001-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T10:60:00Z',
    '2026-11-21T10:00:60Z',
    '2026-11-21T10:33:34',
    '2026-11-21T10:33:34.123',
    '2026-11-21T10:33:34+25:00',
    '2026-11-21T10:33:34+05:99',
    ' 2026-11-21',
    '2026-11-21T10:33:34 Z',
    '2026-1-21',
  ])('refuses %j', (text) => {
    expect(parseIsoTimestamp(text)).toBeUndefined();
  });

  it('never depends on the local time zone', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(parseIsoTimestamp('2026-11-21T10:33:34Z')).toBe(Date.UTC(2026, 10, 21, 10, 33, 34));
      expect(parseIsoTimestamp('2026-11-21')).toBe(Date.UTC(2026, 10, 21));
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
