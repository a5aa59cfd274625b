// The dialogs, named once. The chrome and the context menu open them by slot;
// dialogs/slot-dialogs.tsx maps each slot to its component, which takes SlotDialogProps.
import type { ItemView } from '../../shared/ipc/views.js';
import { SIGNOFF_SLOT_LABELS, type SignOffSlot } from '../features/signoffs/slots.js';
import { BINDER_SLOT_LABELS, type BinderSlot } from '../features/binder/slots.js';
import { ARCHIVE_SLOT_LABELS, type ArchiveSlot } from '../features/archive/slots.js';
import { FILE_MANAGER_SLOT_LABELS, type FileManagerSlot } from '../features/file-manager/slots.js';

export type DialogSlot =
  | 'manageAccess'
  | 'rekey'
  | 'collaborators'
  | 'organizations'
  | 'admin'
  | 'settings'
  | 'activity'
  | 'distribution'
  | SignOffSlot
  | BinderSlot
  | ArchiveSlot
  | FileManagerSlot;

export const SLOT_LABELS: Readonly<Record<DialogSlot, string>> = {
  manageAccess: 'Manage access…',
  rekey: 'Lock with a new key…',
  collaborators: 'Collaborators…',
  organizations: 'Organizations…',
  admin: 'Admin…',
  settings: 'Settings…',
  activity: 'Activity log…',
  distribution: 'Distribution report…',
  ...SIGNOFF_SLOT_LABELS,
  ...BINDER_SLOT_LABELS,
  ...ARCHIVE_SLOT_LABELS,
  ...FILE_MANAGER_SLOT_LABELS,
};

/** What a slot dialog is opened with: the study and, for item actions, the selected items. */
interface SlotContext {
  readonly profileId: string;
  readonly containerId?: string;
  readonly items?: readonly ItemView[];
}

export interface OpenSlot {
  readonly slot: DialogSlot;
  readonly context: SlotContext;
}

/** What every slot dialog is given. */
export interface SlotDialogProps {
  readonly context: SlotContext;
  readonly onClose: () => void;
}
