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
  | { readonly kind: 'folder'; readonly key: string; readonly path: string; readonly name: string; readonly childCount: number }
  | { readonly kind: 'item'; readonly key: string; readonly path: string; readonly name: string; readonly item: ItemView };

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
  return !item.decryptedHeader && existing.decryptedHeader ? { ...item, decryptedHeader: existing.decryptedHeader } : item;
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

// Lists that mergeItems made, with their index by path, so buildTree on the cached list
// (already one item per path) reuses the index instead of hashing 100,000 paths again.
const mergedIndex = new WeakMap<readonly ItemView[], ReadonlyMap<string, ItemView>>();

/** Merges items by slash path; the later `updatedAt` wins (also when one item comes in both forms). */
export function mergeItems(current: readonly ItemView[], incoming: readonly ItemView[]): ItemView[] {
  const index = byPath([current, incoming]);
  const merged = [...index.values()];
  mergedIndex.set(merged, index);
  return merged;
}

interface FolderDraft {
  path: string;
  name: string;
  folders: string[];
  items: ItemView[];
}

/** `list` may hold one item in both forms (the newer is kept); the items cache already holds one per path. */
export function buildTree(list: readonly ItemView[]): FileTree {
  const items = mergedIndex.get(list) ?? byPath([list]);

  const folders = new Map<string, FolderDraft>();
  const folder = (path: string): FolderDraft => {
    let node = folders.get(path);
    if (!node) {
      const cut = path.lastIndexOf('/');
      node = { path, name: path.slice(cut + 1), folders: [], items: [] };
      folders.set(path, node);
      // A new folder is a new child of its parent, so each child is added once (no Set needed).
      if (path !== '') folder(cut < 0 ? '' : path.slice(0, cut)).folders.push(path);
    }
    return node;
  };
  folder('');
  // Items of one folder mostly arrive together: reuse the last folder when the parent matches.
  let lastParent = '';
  let lastNode = folder('');
  for (const [path, item] of items) {
    const cut = path.lastIndexOf('/');
    const parent = cut < 0 ? '' : path.slice(0, cut);
    if (parent !== lastParent) {
      lastParent = parent;
      lastNode = folder(parent);
    }
    lastNode.items.push(item);
  }

  for (const node of folders.values()) node.folders.sort(compareText);
  return { folders, items };
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
  for (let i = 0; i < segments.length; i++) crumbs.push({ path: segments.slice(0, i + 1).join('/'), name: segments[i] ?? '' });
  return crumbs;
}

// One collator for every comparison: localeCompare with options builds one per call.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}
