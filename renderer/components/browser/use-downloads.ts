// Open, save as, drag out or show in folder one item: main fetches and checks it; the outcome is
// a status line, a browser download, or the blocked-open dialog (shared/open-rule.ts).
import { useCallback, useState } from 'react';
import type { ItemView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { useDownload } from '../../data/transfers.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import type { ActionFeedback } from './action-feedback.js';
import type { BlockedOpen } from './blocked-open-dialog.js';
import { triggerDownload } from './download.js';

export type DownloadMode = 'open' | 'saveAs' | 'dragOut' | 'showInFolder';

export function useDownloads(containerId: string, { setProblem, setStatus }: Pick<ActionFeedback, 'setProblem' | 'setStatus'>) {
  const { mutateAsync: fetchItem } = useDownload(containerId);
  const [blocked, setBlocked] = useState<{ item: ItemView; outcome: BlockedOpen } | undefined>();

  const download = useCallback(
    async (item: ItemView, mode: DownloadMode): Promise<void> => {
      const path = itemSlashPath(item);
      const run = async (): Promise<void> => {
        setProblem(undefined);
        try {
          const outcome = await fetchItem({ itemPath: path, mode });
          if (outcome.kind === 'download') triggerDownload(outcome.url);
          else if (outcome.kind === 'saved') setStatus(`Saved to ${outcome.path}`);
          else if (outcome.kind === 'opened') setStatus(`Opened ${outcome.path}`);
          else if (outcome.kind === 'shown') setStatus(`Shown in its folder: ${outcome.path}`);
          else if (outcome.kind === 'blocked') setBlocked({ item, outcome });
        } catch (e) {
          const verb = mode === 'open' ? 'opened' : 'saved';
          setProblem({ context: `"${path}" could not be ${verb}.`, error: toAppError(e), retry: () => void run() });
        }
      };
      await run();
    },
    [fetchItem, setProblem, setStatus],
  );

  return {
    download,
    /** The item the open rule refused, and why; the dialog's choices act on it. */
    blocked,
    closeBlocked: () => setBlocked(undefined),
  };
}
