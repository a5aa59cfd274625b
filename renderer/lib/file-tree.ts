// The folder tree and folder listings built from item paths. The service stores `a|b` and shows
// `a/b`; both are one item here (keyed by the slash form). A path can be an item and a folder at
// once (`a` and `a/b` both exist): it then shows as both, a folder row and an item row.
import { splitItemPath, toSlashForm } from '../../shared/item-path.js';
import type { ItemView } from '../../shared/ipc/views.js';

interface FolderNode {
  /** Slash form; '' is the study's root. */
  readonly path: string;
  readonly name: string;
  /** Child folder paths, sorted by name. */
  readonly folders: string[];
  /** Items directly in this folder. */
  readonly items: ItemView[];
}

export interface FileTree {
  readonly folders: ReadonlyMap<string, FolderNode>;
  /** Every item by slash path (one per item, whichever form it came in). */
  readonly items: ReadonlyMap<string, ItemView>;
}

export type Entry =
  | {
      readonly kind: 'folder';
      readonly key: string;
      readonly path: string;
      readonly name: string;
      readonly childCount: number;
    }
  | {
      readonly kind: 'item';
      readonly key: string;
      readonly path: string;
      readonly name: string;
      readonly item: ItemView;
    };

/**
 * The item's slash path. Main supplies `path` (slash form) in every ItemView, so that is used
 * as is; only a bare id (e.g. a path given in pipe form) is rewritten.
 */
export function itemSlashPath(item: Pick<ItemView, 'id'> & { path?: string }): string {
  if (item.path) return item.path;
  return toSlashForm(item.id);
}

/** Time of an `updatedAt`; compared as instants because the service may send other offsets. */
function updatedMs(item: ItemView): number {
  return Date.parse(item.updatedAt);
}

/** Which of two views of one path to keep: the later `updatedAt`; on a tie the newer one, with a header already decrypted. */
function newerOf(existing: ItemView, item: ItemView): ItemView {
  if (existing.updatedAt !== item.updatedAt) {
    const a = updatedMs(existing);
    const b = updatedMs(item);
    if (a !== b) return a < b ? item : existing;
  }
  // Same version again (a `since` refresh re-lists the newest): keep a header already decrypted.
  return !item.decryptedHeader && existing.decryptedHeader
    ? { ...item, decryptedHeader: existing.decryptedHeader }
    : item;
}

/** One view per slash path, in first-seen order; dates are parsed only where a path repeats. */
function byPath(lists: readonly (readonly ItemView[])[]): Map<string, ItemView> {
  const map = new Map<string, ItemView>();
  for (const list of lists) {
    for (const item of list) {
      const key = itemSlashPath(item);
      const existing = map.get(key);
      map.set(key, existing ? newerOf(existing, item) : item);
    }
  }
  return map;
}

/**
 * What a list made by mergeItems knows of itself, so that merging a page into it and building
 * its tree cost that page, not every item again: its items by path, each path's place in the
 * list, and its tree once built. The index moves on to the list merged from it (the one a
 * streaming listing or a refresh shows next); the list it leaves is built afresh if asked again.
 * Trees built from one index share their folders: each update gets a new FileTree object (so
 * React sees a change) while the folders grow in place.
 */
interface ListIndex {
  readonly byPath: Map<string, ItemView>;
  /** Made at the first path that comes again (a streaming listing may never need it). */
  places?: Map<string, number>;
  folders?: Map<string, FolderDraft>;
  tree?: FileTree;
}

const indexes = new WeakMap<readonly ItemView[], ListIndex>();

/** Merges items by slash path; the later `updatedAt` wins (also when one item comes in both forms). */
export function mergeItems(current: readonly ItemView[], incoming: readonly ItemView[]): ItemView[] {
  let index = indexes.get(current);
  let merged: ItemView[];
  if (index) {
    indexes.delete(current);
    index.tree = undefined;
    // a copy of the references only (no hashing): the list shown before stays as it was
    merged = current.slice();
  } else {
    index = { byPath: new Map() };
    merged = [];
    add(index, merged, current);
  }
  add(index, merged, incoming);
  indexes.set(merged, index);
  return merged;
}

function add(index: ListIndex, list: ItemView[], items: readonly ItemView[]): void {
  const { byPath, folders } = index;
  // Items of one folder mostly arrive together: reuse the last folder when the parent matches.
  let lastParent: string | undefined;
  let lastNode: FolderDraft | undefined;
  for (const item of items) {
    const key = itemSlashPath(item);
    const existing = byPath.get(key);
    if (!existing) {
      byPath.set(key, item);
      index.places?.set(key, list.length);
      list.push(item);
      if (folders) {
        if (lastParent === undefined || !lastNode || !directlyIn(key, lastParent)) {
          lastParent = parentOf(key);
          lastNode = folderOf(folders, lastParent, true);
        }
        lastNode.items.push(item);
      }
      continue;
    }
    const kept = newerOf(existing, item);
    if (kept === existing) continue;
    byPath.set(key, kept);
    index.places ??= placesOf(list);
    list[index.places.get(key) ?? -1] = kept;
    if (folders) {
      const siblings = folderOf(folders, parentOf(key), true).items;
      siblings[siblings.indexOf(existing)] = kept;
    }
  }
}

function placesOf(list: readonly ItemView[]): Map<string, number> {
  const places = new Map<string, number>();
  list.forEach((item, i) => places.set(itemSlashPath(item), i));
  return places;
}

/** Whether `path` is directly in `folder`: parentOf(path) === folder, without making the parent's string. */
function directlyIn(path: string, folder: string): boolean {
  const n = folder.length;
  if (n === 0) return !path.includes('/');
  return path.length > n + 1 && path.charCodeAt(n) === 0x2f && path.startsWith(folder) && path.indexOf('/', n + 1) < 0;
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

interface FolderDraft {
  path: string;
  name: string;
  folders: string[];
  items: ItemView[];
}

/**
 * The folder at `path`, made (with its ancestors) if new. A new folder is a new child of its
 * parent, so each child is added once; `sorted` places it among its siblings by name at once
 * (after equal names, as a stable sort would), else the caller sorts them at the end.
 */
function folderOf(folders: Map<string, FolderDraft>, path: string, sorted: boolean): FolderDraft {
  let node = folders.get(path);
  if (!node) {
    const cut = path.lastIndexOf('/');
    node = { path, name: path.slice(cut + 1), folders: [], items: [] };
    folders.set(path, node);
    if (path !== '') {
      const siblings = folderOf(folders, cut < 0 ? '' : path.slice(0, cut), sorted).folders;
      if (sorted) siblings.splice(upperBound(siblings, path), 0, path);
      else siblings.push(path);
    }
  }
  return node;
}

function upperBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareText(sorted[mid] ?? '', value) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function foldersOf(items: ReadonlyMap<string, ItemView>): Map<string, FolderDraft> {
  const folders = new Map<string, FolderDraft>();
  folderOf(folders, '', false);
  // Items of one folder mostly arrive together: reuse the last folder when the parent matches.
  let lastParent = '';
  let lastNode = folderOf(folders, '', false);
  // forEach: no [path, item] pair made per entry
  items.forEach((item, path) => {
    if (!directlyIn(path, lastParent)) {
      lastParent = parentOf(path);
      lastNode = folderOf(folders, lastParent, false);
    }
    lastNode.items.push(item);
  });
  for (const node of folders.values()) node.folders.sort(compareText);
  return folders;
}

/**
 * `list` may hold one item in both forms (the newer is kept). A list from mergeItems (the items
 * cache) reuses its index: its tree is built once, then grows with each merge.
 */
export function buildTree(list: readonly ItemView[]): FileTree {
  const index = indexes.get(list);
  if (!index) {
    const items = byPath([list]);
    return { folders: foldersOf(items), items };
  }
  index.folders ??= foldersOf(index.byPath);
  index.tree ??= { folders: index.folders, items: index.byPath };
  return index.tree;
}

/** The rows of one folder: its subfolders and its items (unsorted; see sort-entries). */
export function folderEntries(tree: FileTree, path: string): Entry[] {
  const node = tree.folders.get(path);
  if (!node) return [];
  const rows: Entry[] = [];
  for (const child of node.folders) {
    const childNode = tree.folders.get(child);
    rows.push({
      kind: 'folder',
      key: `folder:${child}`,
      path: child,
      name: childNode?.name ?? child,
      childCount: (childNode?.folders.length ?? 0) + (childNode?.items.length ?? 0),
    });
  }
  for (const item of node.items) {
    const p = itemSlashPath(item);
    rows.push({ kind: 'item', key: `item:${p}`, path: p, name: p.slice(p.lastIndexOf('/') + 1), item });
  }
  return rows;
}

/** Every folder from the root down to `path` (for breadcrumbs): [{path:'', name:''}, ...]. */
export function ancestry(path: string): { path: string; name: string }[] {
  const segments = splitItemPath(path).filter((s) => s !== '');
  const crumbs = [{ path: '', name: '' }];
  for (let i = 0; i < segments.length; i++)
    crumbs.push({ path: segments.slice(0, i + 1).join('/'), name: segments[i] ?? '' });
  return crumbs;
}

// One collator for every comparison: localeCompare with options builds one per call.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}
