import { describe, expect, it } from 'vitest';
import { toSinceParameter } from './timestamps.js';

describe('the since parameter', () => {
  it('is sent in UTC', () => {
    expect(toSinceParameter('2026-11-21T16:45:12-07:00')).toBe('2026-11-21T23:45:12.000Z');
    expect(toSinceParameter('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
    expect(toSinceParameter(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01T00:00:00.000Z');
  });

  it('refuses what the server would refuse, before sending', () => {
    expect(() => toSinceParameter('soon')).toThrow(/not an ISO 8601/);
    expect(() => toSinceParameter('2000-02-30')).toThrow(/not an ISO 8601/);
    // no offset: the server would refuse it, and the local time zone must not decide
    expect(() => toSinceParameter('2026-11-21T10:33:34')).toThrow(/not an ISO 8601/);
  });
});
