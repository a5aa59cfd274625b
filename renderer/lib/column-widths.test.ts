import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WIDTHS,
  MAX_WIDTH,
  MIN_WIDTH,
  NAME_MIN_WIDTH,
  fittedWidths,
  gridTemplate,
  loadWidths,
  parseWidths,
  resizeColumn,
  saveWidths,
  shownColumns,
} from './column-widths.js';

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

  it('shows Expires only when asked for (a folder with an expiry date), giving way before Type', () => {
    const all = NAME_MIN_WIDTH + 136 + 120 + 88 + 110 + 112 + 72;
    expect(shownColumns(DEFAULT_WIDTHS, all)).not.toContain('expires');
    expect(shownColumns(DEFAULT_WIDTHS, all, ['expires'])).toEqual([
      'type',
      'expires',
      'size',
      'owner',
      'updated',
      'shared',
    ]);
    // 680 px: Shared, Owner and Expires give way before Type does
    expect(shownColumns(DEFAULT_WIDTHS, 680, ['expires'])).toEqual(['type', 'size', 'updated']);
    expect(gridTemplate(DEFAULT_WIDTHS, ['expires', 'updated'])).toBe('minmax(0, 1fr) 120px 112px');
  });

  it("widens a Type column left at its default to its longest words with the room beyond Name's minimum, never a width the user set", () => {
    const shown = ['type', 'size', 'updated'] as const;
    const tight = NAME_MIN_WIDTH + 136 + 88 + 112; // every column at its width, nothing spare
    // "Excel spreadsheet" drawn 125 px wide wants 141 px with the cell's padding
    expect(fittedWidths(DEFAULT_WIDTHS, shown, tight + 24, 125).type).toBe(141);
    // less room than that: all of it, and Name keeps its minimum
    expect(fittedWidths(DEFAULT_WIDTHS, shown, tight + 3, 125).type).toBe(139);
    expect(fittedWidths(DEFAULT_WIDTHS, shown, tight, 125)).toBe(DEFAULT_WIDTHS);
    // words that fit already, a width the user set, Type given way, or no layout yet: as set
    expect(fittedWidths(DEFAULT_WIDTHS, shown, tight + 24, 90)).toBe(DEFAULT_WIDTHS);
    const set = { ...DEFAULT_WIDTHS, type: 120 };
    expect(fittedWidths(set, shown, tight + 100, 125)).toBe(set);
    expect(fittedWidths(DEFAULT_WIDTHS, ['size', 'updated'], tight + 100, 125)).toBe(DEFAULT_WIDTHS);
    expect(fittedWidths(DEFAULT_WIDTHS, shown, 0, 125)).toBe(DEFAULT_WIDTHS);
    expect(fittedWidths(DEFAULT_WIDTHS, shown, 5000, 900).type).toBe(MAX_WIDTH);
  });

  it('resizes within bounds', () => {
    expect(resizeColumn(DEFAULT_WIDTHS, 'type', 30).type).toBe(166);
    expect(resizeColumn(DEFAULT_WIDTHS, 'size', -1000).size).toBe(MIN_WIDTH);
    expect(resizeColumn(DEFAULT_WIDTHS, 'owner', 1000).owner).toBe(MAX_WIDTH);
  });

  it('persists and refuses malformed saved widths field by field', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    saveWidths({ ...DEFAULT_WIDTHS, updated: 222 }, storage);
    expect(loadWidths(storage).updated).toBe(222);
    expect(parseWidths('{"type": "wide", "size": 9999, "owner": null}')).toEqual({
      ...DEFAULT_WIDTHS,
      size: MAX_WIDTH,
    });
    expect(parseWidths('not json')).toEqual(DEFAULT_WIDTHS);
  });
});
