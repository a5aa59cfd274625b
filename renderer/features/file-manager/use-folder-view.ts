// Where the browser stands in a study: the folder, its filter and sort, the selection, and the
// rows they make. A folder that vanished after a refresh falls back to its nearest ancestor;
// a reveal (Find, Changes, a notification) opens the first item's folder with the items selected.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ItemView } from '../../../shared/ipc/views.js';
import { parentItemPath } from '../../../shared/item-path.js';
import type { ItemsCache } from './items-cache.js';
import { buildTree, folderEntries } from '../../lib/file-tree.js';
import { filterRows, nextSort, sortRows, toRow, type Column, type SortSpec } from '../../lib/rows.js';
import { EMPTY_SELECTION, pruneSelection, type Selection } from '../../lib/selection.js';
import { withEmptyFolders } from './empty-folders.js';

const NONE: readonly string[] = [];

/** Items to show selected in the first one's folder; a new nonce shows them again. */
export interface Reveal {
  readonly itemPaths: readonly string[];
  readonly nonce: number;
}

export function useFolderView(
  data: ItemsCache | undefined,
  names: ReadonlyMap<string, string>,
  reveal: Reveal | undefined,
  /** The empty folders main keeps for the study (New folder: use-empty-folders.ts). */
  emptyFolders: readonly string[] = NONE,
) {
  const [folder, setFolder] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortSpec>({ column: 'name', direction: 'asc' });
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);

  const tree = useMemo(() => withEmptyFolders(buildTree(data?.items ?? []), emptyFolders), [data, emptyFolders]);
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

  // Once the list is here, the first revealed item's folder opens with the items there selected
  // (the list scrolls to the first); a new nonce again.
  const revealed = useRef(reveal);
  revealed.current = reveal;
  const revealNonce = loaded ? reveal?.nonce : undefined;
  useEffect(() => {
    const paths = revealed.current?.itemPaths ?? [];
    const first = paths[0];
    if (revealNonce === undefined || first === undefined) return;
    const at = parentItemPath(first);
    const shown = paths.filter((p) => parentItemPath(p) === at).map((p) => `item:${p}`);
    setFolder(at);
    setFilter('');
    setSelection({ selected: new Set(shown), focus: shown[0], anchor: shown[0] });
  }, [revealNonce]);

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
