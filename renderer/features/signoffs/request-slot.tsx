// "Ask for sign-off…" as a slot dialog: the row menu and the details pane open it with one document.
import { itemSlashPath } from '../../lib/file-tree.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { itemLabel } from '../../lib/rows.js';
import { RequestFlow } from './request-flow.js';

export function RequestSlotDialog({ context, onClose }: SlotDialogProps) {
  const item = context.items?.[0];
  if (!item) return null;
  const itemPath = itemSlashPath(item);
  return (
    <RequestFlow
      profileId={context.profileId}
      containerId={context.containerId ?? ''}
      document={{ itemPath, name: itemLabel(item, itemPath) }}
      onClose={onClose}
    />
  );
}
