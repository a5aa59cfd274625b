// The file manager's dialog slots (lib/dialog-slots.ts spreads them in).
export type FileManagerSlot = 'rename';

export const FILE_MANAGER_SLOT_LABELS: Readonly<Record<FileManagerSlot, string>> = {
  rename: 'Rename…',
};
