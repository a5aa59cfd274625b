// Slot → dialog for the archive (dialogs/slot-dialogs.tsx spreads it into its map).
import type { ComponentType } from 'react';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { ExportStudyDialog } from './export-dialog.js';
import type { ArchiveSlot } from './slots.js';

export const ARCHIVE_SLOT_DIALOGS: Readonly<Record<ArchiveSlot, ComponentType<SlotDialogProps>>> = {
  exportStudy: ExportStudyDialog,
};
