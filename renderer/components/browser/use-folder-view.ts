// Where the browser stands in a study: the folder, its filter and sort, the selection, and the
// rows they make. A folder that vanished after a refresh falls back to its nearest ancestor;
// "Find in all studies" (reveal) opens an item's folder with the item selected.
import { useEffect, useMemo, useState } from 'react';
import type { ItemView } from '../../../shared/ipc/views.js';
import { parentItemPath } from '../../../shared/item-path.js';
import type { ItemsCache } from '../../data/items-cache.js';
import { buildTree, folderEntries } from '../../lib/file-tree.js';
import { filterRows, nextSort, sortRows, toRow, type Column, type SortSpec } from '../../lib/rows.js';
import { EMPTY_SELECTION, pruneSelection, type Selection } from '../../lib/selection.js';

/** An item to show selected in its folder; a new nonce shows it again. */
export interface Reveal {
  readonly itemPath: string;
  readonly nonce: number;
}

export function useFolderView(
  data: ItemsCache | undefined,
  names: ReadonlyMap<string, string>,
  reveal: Reveal | undefined,
) {
  const [folder, setFolder] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortSpec>({ column: 'name', direction: 'asc' });
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);

  const tree = useMemo(() => buildTree(data?.items ?? []), [data]);
  const allRows = useMemo(() => folderEntries(tree, folder).map((e) => toRow(e, { names })), [tree, folder, names]);
  // Sorted once per list or sort; a filter keystroke only filters (a filter keeps the order).
  const sortedRows = useMemo(() => sortRows(allRows, sort), [allRows, sort]);
  const rows = useMemo(() => filterRows(sortedRows, filter), [sortedRows, filter]);
  const rowKeys = useMemo(() => rows.map((r) => r.key), [rows]);

  useEffect(() => setSelection((s) => pruneSelection(s, rowKeys)), [rowKeys]);
  const loaded = data !== undefined;
  useEffect(() => {
    // A folder that vanished after a refresh: go back to the nearest one that still exists.
    if (!loaded || tree.folders.has(folder)) return;
    const parts = folder.split('/');
    while (parts.length && !tree.folders.has(parts.join('/'))) parts.pop();
    setFolder(parts.join('/'));
  }, [tree, folder, loaded]);

  // Once the list is here, the revealed item's folder opens with it selected; a new nonce again.
  const revealPath = reveal && loaded ? reveal.itemPath : undefined;
  const revealNonce = reveal?.nonce;
  useEffect(() => {
    if (revealPath === undefined) return;
    const key = `item:${revealPath}`;
    setFolder(parentItemPath(revealPath));
    setFilter('');
    setSelection({ selected: new Set([key]), focus: key, anchor: key });
  }, [revealPath, revealNonce]);

  const openFolder = (path: string): void => {
    setFolder(path);
    setFilter('');
    setSelection(EMPTY_SELECTION);
  };

  const selectedRows = rows.filter((r) => selection.selected.has(r.key));
  const selectedItems = selectedRows.flatMap((r) => (r.entry.kind === 'item' ? [r.entry.item] : []));
  const single: ItemView | undefined =
    selectedRows.length === 1 && selectedRows[0]?.entry.kind === 'item' ? selectedRows[0].entry.item : undefined;

  return {
    tree,
    folder,
    openFolder,
    filter,
    setFilter,
    sort,
    sortBy: (column: Column) => setSort((s) => nextSort(s, column)),
    rows,
    selection,
    setSelection,
    selectedItems,
    /** The one item selected, if exactly one row is and it is an item. */
    single,
  };
}
