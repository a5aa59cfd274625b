import { describe, expect, it } from 'vitest';
import { fitCount } from './use-fold.js';

describe('fitCount', () => {
  it('keeps the leading actions that fit beside the More button, folding from the end', () => {
    // 3 actions of 100 px, gaps of 10, More 60 px.
    expect(fitCount(320, [100, 100, 100], 10, 60)).toBe(3); // 100+10+100+10+100
    expect(fitCount(319, [100, 100, 100], 10, 60)).toBe(2); // 210 + 10 + 60 = 280
    expect(fitCount(279, [100, 100, 100], 10, 60)).toBe(1); // 100 + 10 + 60
    expect(fitCount(169, [100, 100, 100], 10, 60)).toBe(0);
    expect(fitCount(500, [], 10, 60)).toBe(0);
  });

  it('needs no room for More when the last action fits in its place', () => {
    expect(fitCount(100, [100], 10, 60)).toBe(1);
    expect(fitCount(99, [100], 10, 60)).toBe(0);
  });
});
