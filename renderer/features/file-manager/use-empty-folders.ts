// The window's own empty folders of one study for one profile, kept in localStorage (renderer
// state that outlives a restart); a folder is dropped once the exchange's listing has it.
import { useCallback, useEffect, useState } from 'react';
import type { FileTree } from '../../lib/file-tree.js';
import { stillEmpty } from './empty-folders.js';

const storageKey = (profileId: string, containerId: string) => `empty-folders:${profileId}:${containerId}`;

function load(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string').slice(0, 500) : [];
  } catch {
    return [];
  }
}

export function useEmptyFolders(profileId: string, containerId: string, listed: FileTree | undefined) {
  const key = storageKey(profileId, containerId);
  const [paths, setPaths] = useState<string[]>(() => load(key));
  useEffect(() => setPaths(load(key)), [key]);
  const save = useCallback(
    (next: string[]) => {
      setPaths(next);
      if (next.length) localStorage.setItem(key, JSON.stringify(next));
      else localStorage.removeItem(key);
    },
    [key],
  );
  // something was put in one (the listing now has the folder): the window need not keep it
  useEffect(() => {
    if (!listed) return;
    const left = stillEmpty(listed, paths);
    if (left.length !== paths.length) save(left);
  }, [listed, paths, save]);
  const add = useCallback((path: string) => save([...paths.filter((p) => p !== path), path]), [paths, save]);
  return { paths, add };
}
