import { describe, expect, it } from 'vitest';
import { scrollToReveal, visibleRange } from './virtual-window.js';

describe('visibleRange', () => {
  it('renders only the rows in view plus overscan', () => {
    expect(visibleRange(0, 320, 32, 5000, 5)).toEqual({ start: 0, end: 16, offsetTop: 0, totalHeight: 160_000 });
    const mid = visibleRange(32 * 1000, 320, 32, 5000, 5);
    expect(mid.start).toBe(995);
    expect(mid.end).toBe(1016);
    expect(mid.offsetTop).toBe(995 * 32);
    const end = visibleRange(160_000, 320, 32, 5000, 5);
    expect(end.end).toBe(5000);
    expect(visibleRange(0, 320, 32, 0)).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
  });

  it('scrolls just enough to reveal a row', () => {
    expect(scrollToReveal(0, 64, 320, 32)).toBe(0);
    expect(scrollToReveal(20, 0, 320, 32)).toBe(21 * 32 - 320);
    expect(scrollToReveal(3, 0, 320, 32)).toBeUndefined();
  });
});
