// Slot → dialog: every slot the chrome and the context menu open has its component here.
import type { ComponentType } from 'react';
import { ActivityDialog } from '../features/activity/activity-dialog.js';
import { DistributionReportDialog } from '../features/receipts/distribution-report-dialog.js';
import { AdminDialog } from '../features/admin/admin-dialog.js';
import { CollaboratorsDialog } from '../features/sharing/collaborators-dialog.js';
import type { DialogSlot, SlotDialogProps } from '../lib/dialog-slots.js';
import { ManageAccessDialog } from '../features/sharing/manage-access-dialog.js';
import { OrganizationsDialog } from '../features/profiles/organizations-dialog.js';
import { RekeyDialog } from '../features/sharing/rekey-dialog.js';
import { SettingsDialog } from '../features/settings/settings-dialog.js';
import { SIGNOFF_SLOT_DIALOGS } from '../features/signoffs/slot-dialogs.js';
import { BINDER_DIALOGS } from '../features/binder/binder-dialogs.js';
import { ARCHIVE_SLOT_DIALOGS } from '../features/archive/slot-dialogs.js';
import { FILE_MANAGER_SLOT_DIALOGS } from '../features/file-manager/slot-dialogs.js';

export type SlotDialogs = Readonly<Record<DialogSlot, ComponentType<SlotDialogProps>>>;

export const SLOT_DIALOGS: SlotDialogs = {
  manageAccess: ManageAccessDialog,
  rekey: RekeyDialog,
  collaborators: CollaboratorsDialog,
  organizations: OrganizationsDialog,
  admin: AdminDialog,
  settings: SettingsDialog,
  activity: ActivityDialog,
  distribution: DistributionReportDialog,
  ...SIGNOFF_SLOT_DIALOGS,
  ...BINDER_DIALOGS,
  ...ARCHIVE_SLOT_DIALOGS,
  ...FILE_MANAGER_SLOT_DIALOGS,
};

export function SlotDialog({
  slot,
  context,
  onClose,
  dialogs = SLOT_DIALOGS,
}: SlotDialogProps & { readonly slot: DialogSlot; readonly dialogs?: SlotDialogs }) {
  const Shown = dialogs[slot];
  return <Shown context={context} onClose={onClose} />;
}
