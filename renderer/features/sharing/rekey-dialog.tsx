// Re-key wired to items.rekey; the item list and details are refreshed afterwards (new version).
import { toAppError } from '../../bridge/api.js';
import { RekeyView } from './rekey-view.js';
import { useRekey } from '../file-manager/items.js';
import { useCollaborators } from '../studies/studies.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';

export function RekeyDialog({ context, onClose }: SlotDialogProps) {
  const { profileId, containerId = '' } = context;
  const item = context.items?.length === 1 ? context.items[0] : undefined;
  const collaborators = useCollaborators(profileId, containerId);
  const rekey = useRekey(profileId, containerId);
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
        rekey.mutate(itemSlashPath(item));
      }}
      onClose={onClose}
    />
  );
}
