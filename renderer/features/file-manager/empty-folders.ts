// New folder (issue 38 §10): the exchange knows folders only as parts of item paths, so a folder
// with nothing in it is kept by main per profile and study (use-empty-folders.ts) until an item
// is put in it (then the listing has it, and main is told to forget it).
import { cleanFileName } from '../../../shared/file-name.js';
import { isAtOrBelow } from '../../../shared/file-manager/empty-folders.js';
import {
  describeProblem,
  joinItemPath,
  MAX_FOLDER_SEGMENTS,
  segmentsProblem,
  splitItemPath,
} from '../../../shared/item-path.js';
import { compareText, type FileTree } from '../../lib/file-tree.js';

/** Said where a move would be expected (the folder menu, New folder…): the exchange has none. */
export const NO_MOVE_NOTE = 'Documents cannot be moved between folders on the exchange';

type FolderNode = FileTree['folders'] extends ReadonlyMap<string, infer N> ? N : never;

export type FolderNameCheck =
  { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/** The path of a new folder `wanted` in `parent`, or why it cannot be made. */
export function newFolderPath(tree: FileTree, parent: string, wanted: string): FolderNameCheck {
  if (!wanted.trim()) return { ok: false, reason: 'Type a name.' };
  const name = cleanFileName(wanted, '');
  if (!name) return { ok: false, reason: 'Type a name.' };
  const path = joinItemPath(parent, name);
  // room for a document in it: the folder may use all segments but the item's own
  const problem = segmentsProblem(splitItemPath(path), MAX_FOLDER_SEGMENTS);
  if (problem)
    return {
      ok: false,
      reason: `That folder cannot hold documents: ${describeProblem(problem, MAX_FOLDER_SEGMENTS)}.`,
    };
  if (tree.folders.has(path)) return { ok: false, reason: `There is already a folder “${name}” here.` };
  return { ok: true, path };
}

/** The tree with the kept empty folders (and the folders leading to them) added. */
export function withEmptyFolders(tree: FileTree, paths: readonly string[]): FileTree {
  const missing = paths.filter((p) => !tree.folders.has(p));
  if (missing.length === 0) return tree;
  const folders = new Map<string, FolderNode>(tree.folders);
  for (const path of missing) {
    const segments = splitItemPath(path);
    for (let i = 1; i <= segments.length; i++) {
      const at = segments.slice(0, i).join('/');
      if (folders.has(at)) continue;
      const parent = segments.slice(0, i - 1).join('/');
      folders.set(at, { path: at, name: segments[i - 1] ?? at, folders: [], items: [] });
      const up = folders.get(parent);
      if (up) folders.set(parent, { ...up, folders: [...up.folders, at].sort(compareText) });
    }
  }
  return { folders, items: tree.items };
}

/**
 * A folder only main keeps (the listing has nothing in it) that the user may remove: a kept one
 * or one leading to kept ones (removing it forgets those below it).
 */
export function removableFolder(path: string, listed: FileTree | undefined, kept: readonly string[]): boolean {
  return !!listed && !listed.folders.has(path) && kept.some((p) => isAtOrBelow(p, path));
}

/** The kept folders the listing has now (something was put in them): main need not keep them. */
export function nowListed(tree: FileTree, paths: readonly string[]): string[] {
  return paths.filter((p) => tree.folders.has(p));
}
