import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDTHS, MAX_WIDTH, MIN_WIDTH, NAME_MIN_WIDTH, gridTemplate, loadWidths, parseWidths, resizeColumn, saveWidths, shownColumns } from './column-widths.js';

describe('column widths', () => {
  it('gives Name the remaining width and the others their own', () => {
    expect(gridTemplate(DEFAULT_WIDTHS)).toBe('minmax(0, 1fr) 136px 88px 110px 112px 72px');
    expect(gridTemplate(DEFAULT_WIDTHS, ['size', 'updated'])).toBe('minmax(0, 1fr) 88px 112px');
  });

  it('lets Shared, then Owner, then Type give way before Name gets narrower than 40 characters', () => {
    const all = NAME_MIN_WIDTH + 136 + 88 + 110 + 112 + 72;
    expect(shownColumns(DEFAULT_WIDTHS, all)).toEqual(['type', 'size', 'owner', 'updated', 'shared']);
    expect(shownColumns(DEFAULT_WIDTHS, all - 1)).toEqual(['type', 'size', 'owner', 'updated']);
    expect(shownColumns(DEFAULT_WIDTHS, all - 72)).toEqual(['type', 'size', 'owner', 'updated']);
    expect(shownColumns(DEFAULT_WIDTHS, all - 73)).toEqual(['type', 'size', 'updated']);
    // 1280×800 with the details pane open: the list is about 680 px wide.
    expect(shownColumns(DEFAULT_WIDTHS, 680)).toEqual(['type', 'size', 'updated']);
    expect(shownColumns(DEFAULT_WIDTHS, NAME_MIN_WIDTH + 88 + 112)).toEqual(['size', 'updated']);
    expect(shownColumns(DEFAULT_WIDTHS, NAME_MIN_WIDTH + 112)).toEqual(['updated']);
    expect(shownColumns(DEFAULT_WIDTHS, 200)).toEqual([]);
    // A column the user widened makes room by letting the next one in line go.
    expect(shownColumns({ ...DEFAULT_WIDTHS, type: 250 }, 680)).toEqual(['size', 'updated']);
    // Not laid out (no width known): every column.
    expect(shownColumns(DEFAULT_WIDTHS, 0)).toHaveLength(5);
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
