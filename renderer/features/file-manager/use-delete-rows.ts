// Delete with confirmation: the rows asked about, then one call for all of them; a partial
// failure names the first few that stayed.
import { useState } from 'react';
import { toAppError } from '../../bridge/api.js';
import { useDeleteItems } from './items.js';
import type { Row } from '../../lib/rows.js';
import type { ActionFeedback } from './action-feedback.js';

export function useDeleteRows(
  profileId: string,
  containerId: string,
  { setProblem, setStatus }: Pick<ActionFeedback, 'setProblem' | 'setStatus'>,
) {
  const remove = useDeleteItems(profileId, containerId);
  const [confirming, setConfirming] = useState<Row[] | undefined>();

  const doDelete = (targets: Row[]): void => {
    setConfirming(undefined);
    const paths = targets.map((r) => r.entry.path);
    remove.mutate(paths, {
      onSuccess: (results) => {
        const failed = results.filter((r) => !r.ok);
        const first = failed[0]?.error;
        if (first)
          setProblem({
            context: `${failed.length} of ${results.length} could not be deleted (${failed
              .map((f) => f.itemPath)
              .slice(0, 3)
              .join(', ')}).`,
            error: first,
          });
        else setStatus(`Deleted ${results.length} item${results.length === 1 ? '' : 's'}.`);
      },
      onError: (e) =>
        setProblem({
          context: 'The items could not be deleted.',
          error: toAppError(e),
          retry: () => doDelete(targets),
        }),
    });
  };

  return {
    /** The item rows waiting for the user's yes. */
    confirming,
    /**
     * Asks about the item rows among `targets` (folders are not deleted this way); the Delete key
     * on another organization's items says who can delete them (the exchange would refuse).
     */
    ask: (targets: Row[]): void => {
      const itemRows = targets.filter((r) => r.entry.kind === 'item');
      const others = itemRows.filter((r) => r.entry.kind === 'item' && !r.entry.item.ownedByMe);
      if (others.length) setStatus('Only the organization that owns a document can delete it.');
      else if (itemRows.length) setConfirming(itemRows);
    },
    confirm: doDelete,
    cancel: () => setConfirming(undefined),
  };
}
