import { describe, expect, it } from 'vitest';
import { clickRow, EMPTY_SELECTION, moveFocus, pruneSelection, selectAll } from './selection.js';

const keys = ['a', 'b', 'c', 'd', 'e'];
const sel = (s: { selected: ReadonlySet<string> }) => [...s.selected].sort();

describe('selection', () => {
  it('clicks, toggles and extends ranges', () => {
    let s = clickRow(EMPTY_SELECTION, keys, 'b');
    expect(sel(s)).toEqual(['b']);
    s = clickRow(s, keys, 'd', { shift: true });
    expect(sel(s)).toEqual(['b', 'c', 'd']);
    s = clickRow(s, keys, 'c', { toggle: true });
    expect(sel(s)).toEqual(['b', 'd']);
    s = clickRow(s, keys, 'a');
    expect(sel(s)).toEqual(['a']);
  });

  it('moves with arrows, clamped, and extends with Shift', () => {
    let s = moveFocus(EMPTY_SELECTION, keys, 1);
    expect(s.focus).toBe('a');
    s = moveFocus(s, keys, 1, { shift: true });
    s = moveFocus(s, keys, 1, { shift: true });
    expect(sel(s)).toEqual(['a', 'b', 'c']);
    s = moveFocus(s, keys, 100);
    expect(s.focus).toBe('e');
    expect(sel(s)).toEqual(['e']);
    expect(moveFocus(EMPTY_SELECTION, keys, -1).focus).toBe('e');
    expect(moveFocus(EMPTY_SELECTION, [], 1)).toBe(EMPTY_SELECTION);
  });

  it('selects all and prunes vanished rows', () => {
    const all = selectAll(EMPTY_SELECTION, keys);
    expect(sel(all)).toEqual(keys);
    const pruned = pruneSelection({ ...all, focus: 'e' }, ['a', 'b']);
    expect(sel(pruned)).toEqual(['a', 'b']);
    expect(pruned.focus).toBeUndefined();
  });
});
