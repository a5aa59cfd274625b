// Empty folders (New folder, issue 38 §10): the exchange knows a folder only through the items in
// it, so one with nothing in it is kept by main per profile and study until something is put in
// it. The rules main's door and the window share: what a kept folder's path may be, how many.
import { cleanFileName } from '../file-name.js';
import { describeProblem, MAX_FOLDER_SEGMENTS, segmentsProblem, splitItemPath } from '../item-path.js';

/** Empty folders kept per study: a handful in practice; the bound keeps the file and the tree small. */
export const MAX_EMPTY_FOLDERS = 100;

/**
 * Why `path` cannot be kept as an empty folder, or undefined: a valid item path with room for a
 * document below it, whose own (last) name is a cleaned file name, as New folder makes it (the
 * folders above may be another organization's, named by the exchange's rules only).
 */
export function emptyFolderProblem(path: string): string | undefined {
  const problem = folderPathProblem(path);
  if (problem) return problem;
  const segments = splitItemPath(path);
  const name = segments[segments.length - 1] ?? '';
  if (cleanFileName(name, '') !== name) return 'its name is not a cleaned folder name';
  return undefined;
}

/** Why `path` names no folder a document could be put in (a kept one, or one above kept ones), or undefined. */
export function folderPathProblem(path: string): string | undefined {
  const problem = segmentsProblem(splitItemPath(path), MAX_FOLDER_SEGMENTS);
  return problem ? describeProblem(problem, MAX_FOLDER_SEGMENTS) : undefined;
}

/** The same folder in the one form kept (slash form). */
export const emptyFolderKey = (path: string): string => splitItemPath(path).join('/');

/** `path` is `folder` or below it (both in slash form). */
export const isAtOrBelow = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);
