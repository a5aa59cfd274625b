import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTimeZone,
  formatDuration,
  formatRate,
  formatSkew,
  formatTimeLeft,
  percent,
  secondsLeft,
} from './format.js';

describe('format', () => {
  it('formats sizes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(224 * 1024 * 1024)).toBe('224 MB');
    expect(formatBytes(undefined)).toBe('—');
    expect(formatBytes(-1)).toBe('—');
  });

  it('formats rates and time left', () => {
    expect(formatRate(2 * 1024 * 1024)).toBe('2.0 MB/s');
    expect(formatRate(0)).toBe('—');
    expect(secondsLeft(0, 100, 10)).toBe(10);
    expect(secondsLeft(100, 100, 10)).toBeUndefined();
    expect(secondsLeft(0, 100, 0)).toBeUndefined();
    expect(formatTimeLeft(0, 600, 1)).toBe('10 min 0 s left');
    expect(formatTimeLeft(0, 100, 0)).toBe('—');
    expect(formatDuration(4000)).toBe('1 h 6 min');
    expect(formatDuration(0.2)).toBe('1 s');
  });

  it('formats dates and percentages', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('2026-01-02T03:04:05Z', 'en-US')).toMatch(/2026/);
    expect(percent(50, 200)).toBe(25);
    expect(percent(5, 0)).toBe(0);
    expect(percent(300, 200)).toBe(100);
  });

  it('says how far the clock is off', () => {
    expect(formatSkew(252)).toBe('ahead by 4 minutes 12 seconds');
    expect(formatSkew(-60)).toBe('behind by 1 minute');
    expect(formatSkew(-5)).toBe('behind by 5 seconds');
  });

  it('formats a date and time with its zone', () => {
    expect(formatDateTimeZone('2026-01-02T03:04:05Z', 'en-US', 'UTC')).toBe('Jan 2, 2026, 3:04:05 AM UTC');
    expect(formatDateTimeZone('2026-01-02T03:04:05Z', 'en-US', 'America/New_York')).toMatch(/10:04:05 PM EST$/);
    expect(formatDateTimeZone(undefined)).toBe('—');
    expect(formatDateTimeZone('not a date')).toBe('not a date');
  });
});
