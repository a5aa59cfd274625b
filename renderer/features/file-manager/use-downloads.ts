// Open, save as, drag out or show in folder one item: main fetches and checks it; the outcome is
// a status line, a browser download, the blocked-open dialog, or, for a format that can carry
// code, the question whether to open it anyway (shared/open-rule.ts).
import { useCallback, useState } from 'react';
import type { ItemView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { useDownload } from '../transfers/transfers.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import type { ActionFeedback } from './action-feedback.js';
import type { BlockedOpen } from './blocked-open-dialog.js';
import { triggerDownload } from './download.js';
import type { OpenRisk } from './open-risk-dialog.js';

export type DownloadMode = 'open' | 'saveAs' | 'dragOut' | 'showInFolder';

export function useDownloads(
  containerId: string,
  { setProblem, setStatus }: Pick<ActionFeedback, 'setProblem' | 'setStatus'>,
) {
  const { mutateAsync: fetchItem } = useDownload(containerId);
  const [blocked, setBlocked] = useState<{ item: ItemView; outcome: BlockedOpen } | undefined>();
  const [asked, setAsked] = useState<{ item: ItemView; outcome: OpenRisk } | undefined>();

  const download = useCallback(
    /** `openAnyway`: the user read the risk of opening this format and chose to. */
    async (item: ItemView, mode: DownloadMode, openAnyway = false): Promise<void> => {
      const path = itemSlashPath(item);
      const run = async (): Promise<void> => {
        setProblem(undefined);
        try {
          const outcome = await fetchItem({ itemPath: path, mode, openAnyway: openAnyway || undefined });
          if (outcome.kind === 'download') triggerDownload(outcome.url);
          else if (outcome.kind === 'saved') setStatus(`Saved to ${outcome.path}`);
          else if (outcome.kind === 'opened') setStatus(`Opened ${outcome.path}`);
          else if (outcome.kind === 'shown') setStatus(`Shown in its folder: ${outcome.path}`);
          else if (outcome.kind === 'blocked') setBlocked({ item, outcome });
          else if (outcome.kind === 'confirm') setAsked({ item, outcome });
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
    /** The item whose format can carry code, waiting for Open anyway, Save as… or Cancel. */
    asked,
    closeAsked: () => setAsked(undefined),
  };
}
