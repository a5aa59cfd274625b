import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDTHS, MAX_WIDTH, MIN_WIDTH, gridTemplate, loadWidths, minimumWidth, parseWidths, resizeColumn, saveWidths } from './column-widths.js';

describe('column widths', () => {
  it('gives Name the remaining width and the others their own', () => {
    expect(gridTemplate(DEFAULT_WIDTHS)).toBe('minmax(200px, 1fr) 136px 88px 110px 112px 72px');
    expect(minimumWidth(DEFAULT_WIDTHS)).toBe(200 + 136 + 88 + 110 + 112 + 72);
  });

  it('resizes within bounds', () => {
    expect(resizeColumn(DEFAULT_WIDTHS, 'type', 30).type).toBe(166);
    expect(resizeColumn(DEFAULT_WIDTHS, 'size', -1000).size).toBe(MIN_WIDTH);
    expect(resizeColumn(DEFAULT_WIDTHS, 'owner', 1000).owner).toBe(MAX_WIDTH);
  });

  it('persists and refuses malformed saved widths field by field', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveWidths({ ...DEFAULT_WIDTHS, updated: 222 }, storage);
    expect(loadWidths(storage).updated).toBe(222);
    expect(parseWidths('{"type": "wide", "size": 9999, "owner": null}')).toEqual({ ...DEFAULT_WIDTHS, size: MAX_WIDTH });
    expect(parseWidths('not json')).toEqual(DEFAULT_WIDTHS);
  });
});
