import { describe, expect, it } from 'vitest';
import { testClock } from './test-clock.js';

describe('testClock', () => {
  it('moves today ahead by whole days from the environment, and ignores anything else', () => {
    const ahead = testClock({ STUDY_EXCHANGE_TEST_DAYS_AHEAD: '10' }).now!();
    const days = Math.round((ahead.getTime() - Date.now()) / 86_400_000);
    expect(days).toBe(10);
    for (const text of [undefined, '', '0', '-3', '1.5', 'ten', '99999'])
      expect(testClock({ STUDY_EXCHANGE_TEST_DAYS_AHEAD: text }).now).toBeUndefined();
  });
});
