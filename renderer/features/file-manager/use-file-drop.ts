// Files dropped on the list, a folder, or anywhere over the window upload to that folder (the
// current one when dropped elsewhere); while dragged, the target folder is named.
import { toAppError } from '../../bridge/api.js';
import { takeDropEntries, walkEntries, type DroppedFile } from '../../lib/drop-walk.js';
import { useWindowFileDrag } from '../../lib/use-window-drag.js';
import type { ActionFeedback } from './action-feedback.js';

export function useFileDrop(
  folder: string,
  uploadFiles: (files: DroppedFile[], folder: string) => Promise<void>,
  setProblem: ActionFeedback['setProblem'],
) {
  const onDropFiles = (target: string | undefined, data: DataTransfer): void => {
    const destination = target ?? folder;
    const { entries, files } = takeDropEntries(data);
    void (async () => {
      const dropped: DroppedFile[] = [
        ...files.map((file) => ({ file, relativePath: file.name })),
        ...(await walkEntries(entries)),
      ];
      if (dropped.length) await uploadFiles(dropped, destination);
    })().catch((e: unknown) => setProblem({ context: 'The dropped files could not be read.', error: toAppError(e) }));
  };
  // Files dragged anywhere over the window: the folder they would go to is highlighted and named;
  // dropped outside the list and the folders, they go to the current folder.
  const dragTarget = useWindowFileDrag({ folder, onDrop: (target, data) => onDropFiles(target, data) });
  return { onDropFiles, dragTarget };
}
