// The folder tree and folder listings built from item paths. The service stores `a|b` and shows
// `a/b`; both are one item here (keyed by the slash form). A path can be an item and a folder at
// once (`a` and `a/b` both exist): it then shows as both, a folder row and an item row.
import { splitItemPath, toSlashForm } from '../../shared/item-path.js';
import type { ItemView } from '../../shared/ipc/views.js';

export interface FolderNode {
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

export function itemSlashPath(item: Pick<ItemView, 'id'> & { path?: string }): string {
  return toSlashForm(item.path || item.id);
}

/** Merges items by slash path; the later `updatedAt` wins (also when one item comes in both forms). */
export function mergeItems(current: readonly ItemView[], incoming: readonly ItemView[]): ItemView[] {
  const byPath = new Map<string, ItemView>();
  for (const item of [...current, ...incoming]) {
    const key = itemSlashPath(item);
    const existing = byPath.get(key);
    if (!existing || existing.updatedAt < item.updatedAt) byPath.set(key, item);
    else if (existing.updatedAt === item.updatedAt) {
      // Same version again (a `since` refresh re-lists the newest): keep a header already decrypted.
      const keepHeader = !item.decryptedHeader && existing.decryptedHeader;
      byPath.set(key, keepHeader ? { ...item, decryptedHeader: existing.decryptedHeader } : item);
    }
  }
  return [...byPath.values()];
}

export function buildTree(list: readonly ItemView[]): FileTree {
  const items = new Map<string, ItemView>();
  for (const item of mergeItems([], list)) items.set(itemSlashPath(item), item);

  const folders = new Map<string, { path: string; name: string; folders: Set<string>; items: ItemView[] }>();
  const folder = (path: string): { path: string; name: string; folders: Set<string>; items: ItemView[] } => {
    let node = folders.get(path);
    if (!node) {
      const segments = splitItemPath(path);
      node = { path, name: segments[segments.length - 1] ?? '', folders: new Set(), items: [] };
      folders.set(path, node);
      if (path !== '') folder(segments.slice(0, -1).join('/')).folders.add(path);
    }
    return node;
  };
  folder('');
  for (const [path, item] of items) {
    const segments = splitItemPath(path);
    folder(segments.slice(0, -1).join('/')).items.push(item);
  }

  const result = new Map<string, FolderNode>();
  for (const node of folders.values()) {
    result.set(node.path, {
      path: node.path,
      name: node.name,
      folders: [...node.folders].sort((a, b) => compareText(a, b)),
      items: node.items,
    });
  }
  return { folders: result, items };
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
    const segments = splitItemPath(p);
    rows.push({ kind: 'item', key: `item:${p}`, path: p, name: segments[segments.length - 1] ?? p, item });
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

export function compareText(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}
