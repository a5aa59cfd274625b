// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromFullList, type ItemsCache } from './items-cache.js';
import { item } from '../../test-support/fixtures.js';
import { useFolderView, type Reveal } from './use-folder-view.js';

afterEach(cleanup);

const NAMES: ReadonlyMap<string, string> = new Map();
const list = fromFullList([item('site-a/visit-1/consent'), item('site-a/visit-2/report'), item('site-b/notes')]);

interface Props {
  readonly data: ItemsCache | undefined;
  readonly reveal?: Reveal;
}

function view(initial: Props) {
  return renderHook((p: Props) => useFolderView(p.data, NAMES, p.reveal), { initialProps: initial });
}

describe('useFolderView', () => {
  it('opens a folder with its rows, clearing the filter and the selection', () => {
    const { result } = view({ data: list });
    expect(result.current.rows.map((r) => r.key)).toEqual(['folder:site-a', 'folder:site-b']);
    act(() => result.current.setFilter('zzz'));
    expect(result.current.rows).toEqual([]);
    act(() => result.current.openFolder('site-a'));
    expect(result.current.filter).toBe('');
    expect(result.current.rows.map((r) => r.entry.path)).toEqual(['site-a/visit-1', 'site-a/visit-2']);
  });

  it('reveals an item once the list is here, and again for a new nonce after the user moved on', () => {
    const { result, rerender } = view({ data: undefined, reveal: { itemPaths: ['site-a/visit-2/report'], nonce: 1 } });
    expect(result.current.folder).toBe('');
    rerender({ data: list, reveal: { itemPaths: ['site-a/visit-2/report'], nonce: 1 } });
    expect(result.current.folder).toBe('site-a/visit-2');
    expect(result.current.single?.path).toBe('site-a/visit-2/report');

    act(() => result.current.openFolder('site-b'));
    // The same reveal again (a re-render, a refreshed list) does not pull the user back.
    rerender({ data: fromFullList(list.items), reveal: { itemPaths: ['site-a/visit-2/report'], nonce: 1 } });
    expect(result.current.folder).toBe('site-b');
    // "Find" again on the same item: a new nonce shows it again.
    rerender({ data: list, reveal: { itemPaths: ['site-a/visit-2/report'], nonce: 2 } });
    expect(result.current.folder).toBe('site-a/visit-2');
    expect([...result.current.selection.selected]).toEqual(['item:site-a/visit-2/report']);
  });

  it("reveals several items: the first one's folder opens with those of them there selected", () => {
    const both = fromFullList([...list.items, item('site-a/visit-2/letter')]);
    const { result } = view({
      data: both,
      reveal: { itemPaths: ['site-a/visit-2/letter', 'site-b/notes', 'site-a/visit-2/report'], nonce: 1 },
    });
    expect(result.current.folder).toBe('site-a/visit-2');
    expect([...result.current.selection.selected].sort()).toEqual([
      'item:site-a/visit-2/letter',
      'item:site-a/visit-2/report',
    ]);
    expect(result.current.selection.focus).toBe('item:site-a/visit-2/letter');
  });

  it('falls back to the nearest folder that still exists when a refresh removed it', () => {
    const { result, rerender } = view({ data: list });
    act(() => result.current.openFolder('site-a/visit-1'));
    rerender({ data: fromFullList([item('site-a/visit-2/report'), item('site-b/notes')]) });
    expect(result.current.folder).toBe('site-a');
  });
});
