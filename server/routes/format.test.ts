import { describe, expect, it } from 'vitest';
import { isoTime } from './format.js';

const reference = (ms: number): string => new Date(ms).toISOString().replace(/Z$/, '+00:00');

describe('isoTime', () => {
  it('matches Date#toISOString with +00:00 for any time, in any order', () => {
    const times = [
      0, 1, 999, 1000, 86_399_999, 86_400_000, -1, -86_400_001, 951_782_400_000, 253_402_300_799_999,
      253_402_300_800_000, -62_198_755_200_000, 1.5,
    ];
    for (let i = 0; i < 2000; i++) times.push(Math.floor((Math.random() - 0.3) * 4e12));
    const now = Date.now();
    for (let i = 0; i < 500; i++) times.push(now + i * 997);
    for (const ms of times) expect(isoTime(ms), String(ms)).toBe(reference(ms));
  });

  it('still refuses an invalid time', () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
