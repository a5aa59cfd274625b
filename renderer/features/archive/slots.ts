// The archive's dialog slot (lib/dialog-slots.ts): Export study…, opened from the study's toolbar.
export type ArchiveSlot = 'exportStudy';

export const ARCHIVE_SLOT_LABELS: Readonly<Record<ArchiveSlot, string>> = {
  exportStudy: 'Export study…',
};
