// Re-key wired to items.rekey; the item list and details are refreshed afterwards (new version).
import { useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../bridge/api.js';
import { RekeyView } from '../components/access/rekey-view.js';
import { useOperation } from '../data/operations.js';
import { refreshSince, useCollaborators } from '../data/queries.js';
import { useApi } from '../data/api-context.js';
import { keys } from '../data/query-keys.js';
import { itemSlashPath } from '../lib/file-tree.js';
import type { SlotDialogProps } from './slot-dialogs.js';

export function RekeyDialog({ context, onClose }: SlotDialogProps) {
  const api = useApi();
  const client = useQueryClient();
  const { profileId, containerId = '' } = context;
  const item = context.items?.length === 1 ? context.items[0] : undefined;
  const collaborators = useCollaborators(profileId, containerId);
  const rekey = useOperation('items.rekey');
  const names = new Map((collaborators.data ?? []).map((o) => [o.id, o.name]));
  return (
    <RekeyView
      item={item}
      busy={rekey.isPending}
      results={rekey.data}
      error={rekey.error ? toAppError(rekey.error) : undefined}
      names={names}
      onRekey={() => {
        if (!item) return;
        const itemPath = itemSlashPath(item);
        rekey.mutate(
          { containerId, itemPath },
          {
            onSettled: () => {
              void refreshSince(api, client, profileId, containerId).catch(() => undefined);
              void client.invalidateQueries({ queryKey: keys.details(profileId, containerId, itemPath) });
            },
          },
        );
      }}
      onClose={onClose}
    />
  );
}
