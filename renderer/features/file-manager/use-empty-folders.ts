// New folder's empty folders of one study for one profile, kept by main (folders.*): they outlive
// the window's storage and a restart, and each profile has its own. A folder is forgotten once the
// listing has it (something was put in it) or the user removes it. Folders an earlier version kept
// in this window's localStorage are handed to main once, then removed from it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { emptyFolderProblem, MAX_EMPTY_FOLDERS } from '../../../shared/file-manager/empty-folders.js';
import type { FileTree } from '../../lib/file-tree.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';
import { nowListed } from './empty-folders.js';

/** Where an earlier version kept them: read once per profile and study, then removed. */
const legacyKey = (profileId: string, containerId: string) => `empty-folders:${profileId}:${containerId}`;

/** The folders an earlier version kept for the profile and study that main would keep. */
function legacyFolders(key: string): string[] | undefined {
  const text = localStorage.getItem(key);
  if (text === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    const paths = parsed.filter((p): p is string => typeof p === 'string' && !emptyFolderProblem(p));
    return [...new Set(paths)].slice(0, MAX_EMPTY_FOLDERS);
  } catch {
    return [];
  }
}

export function useEmptyFolders(profileId: string, containerId: string, listed: FileTree | undefined) {
  const call = useCall();
  const client = useQueryClient();
  const key = keys.emptyFolders(profileId, containerId);
  const kept = useQuery({
    queryKey: key,
    queryFn: async () => {
      const legacy = legacyKey(profileId, containerId);
      const handed = legacyFolders(legacy);
      // removed only once main has them: a failed hand-over is tried again at the next load
      const answer = handed?.length
        ? await call('folders.adoptEmpty', { profileId, containerId, folderPaths: handed })
        : undefined;
      if (handed) localStorage.removeItem(legacy);
      return answer ?? call('folders.listEmpty', { profileId, containerId });
    },
    staleTime: Infinity,
  });
  const save = (paths: string[]) => client.setQueryData(key, paths);
  const add = useMutation({
    mutationFn: (folderPath: string) => call('folders.addEmpty', { profileId, containerId, folderPath }),
    onSuccess: save,
  });
  const remove = useMutation({
    mutationFn: (folderPaths: string[]) => call('folders.removeEmpty', { profileId, containerId, folderPaths }),
    onSuccess: save,
  });
  // something was put in one (the listing now has the folder): main need not keep it; a failure
  // is tried again when the listing or the kept folders change
  const { mutate: forget } = useMutation({
    mutationFn: (folderPaths: string[]) => call('folders.removeEmpty', { profileId, containerId, folderPaths }),
    onSuccess: save,
  });
  const paths = kept.data ?? NONE;
  useEffect(() => {
    const filled = listed ? nowListed(listed, paths) : [];
    if (filled.length) forget(filled);
  }, [listed, paths, forget]);
  return { paths, add, remove, loadError: kept.error, reload: kept.refetch };
}

const NONE: readonly string[] = [];
