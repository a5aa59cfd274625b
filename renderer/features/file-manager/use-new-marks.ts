// The study's New marks in the browser: which rows and folders are New, and clearing them when
// the user opens an item (open, save as, drag out) or marks a folder (or the whole study) as seen.
import { useMemo } from 'react';
import type { ItemView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { studyUnseen, useMarkSeen, useUnseen } from '../whats-new/unseen.js';
import { itemSlashPath } from '../../lib/file-tree.js';

export function useNewMarks(profileId: string, containerId: string) {
  const unseen = useUnseen(profileId);
  const study = useMemo(() => studyUnseen(unseen.data, containerId), [unseen.data, containerId]);
  const mark = useMarkSeen(profileId);
  return {
    study,
    /** An item opened: no longer New. */
    seen: (item: ItemView): void => {
      const path = itemSlashPath(item);
      if (study.paths.has(path)) mark.mutate({ containerId, itemPaths: [path] });
    },
    /** "Mark as seen" on a folder ('' the whole study): everything New under it. */
    markFolder: (folderPath: string): void => mark.mutate({ containerId, folderPath }),
    error: mark.error ? toAppError(mark.error) : undefined,
    dismissError: () => mark.reset(),
  };
}
