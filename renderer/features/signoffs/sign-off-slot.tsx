// "Sign off…" as a slot dialog: the row menu, the toolbar's selection actions and the details
// pane open it with the selected documents.
import { itemSlashPath } from '../../lib/file-tree.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { itemLabel } from '../../lib/rows.js';
import { SignOffFlow } from './sign-off-flow.js';

export function SignOffSlotDialog({ context, onClose }: SlotDialogProps) {
  const documents = (context.items ?? []).map((item) => {
    const itemPath = itemSlashPath(item);
    return { itemPath, name: itemLabel(item, itemPath) };
  });
  return (
    <SignOffFlow
      profileId={context.profileId}
      containerId={context.containerId ?? ''}
      documents={documents}
      onClose={onClose}
    />
  );
}
