// Slot → dialog for the file manager (dialogs/slot-dialogs.tsx spreads it into its map).
import type { ComponentType } from 'react';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { RenameDialog } from './rename-dialog.js';
import type { FileManagerSlot } from './slots.js';

export const FILE_MANAGER_SLOT_DIALOGS: Readonly<Record<FileManagerSlot, ComponentType<SlotDialogProps>>> = {
  rename: RenameDialog,
};
