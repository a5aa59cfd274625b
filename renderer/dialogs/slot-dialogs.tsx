// Slot → dialog. Issue 7 replaces the placeholders by adding entries to SLOT_DIALOGS.
import type { ComponentType } from 'react';
import { CloseAction, Dialog } from '../components/common/dialog.js';
import { ActivityDialog } from './activity-dialog.js';
import { AdminDialog } from './admin-dialog.js';
import { CollaboratorsDialog } from './collaborators-dialog.js';
import { SLOT_LABELS, type DialogSlot, type SlotContext } from './dialog-slots.js';
import { ManageAccessDialog } from './manage-access-dialog.js';
import { OrganizationsDialog } from './organizations-dialog.js';
import { RekeyDialog } from './rekey-dialog.js';
import { SettingsDialog } from './settings-dialog.js';

export interface SlotDialogProps {
  readonly context: SlotContext;
  readonly onClose: () => void;
}

export const SLOT_DIALOGS: Partial<Record<DialogSlot, ComponentType<SlotDialogProps>>> = {
  manageAccess: ManageAccessDialog,
  rekey: RekeyDialog,
  collaborators: CollaboratorsDialog,
  organizations: OrganizationsDialog,
  admin: AdminDialog,
  settings: SettingsDialog,
  activity: ActivityDialog,
};

export function SlotDialog({
  slot,
  context,
  onClose,
  dialogs = SLOT_DIALOGS,
}: SlotDialogProps & { readonly slot: DialogSlot; readonly dialogs?: Partial<Record<DialogSlot, ComponentType<SlotDialogProps>>> }) {
  const Implemented = dialogs[slot];
  if (Implemented) return <Implemented context={context} onClose={onClose} />;
  const title = SLOT_LABELS[slot].replace('…', '');
  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId={`slot-dialog-${slot}`}
      actions={<CloseAction onClose={onClose} autoFocus />}
    >
      <p>{title} is not available yet in this version; it arrives with the next update of the app.</p>
    </Dialog>
  );
}
