// The binder's dialogs, by slot (lib/dialog-slots.ts spreads them in): the study's binder, what
// documents expire across studies, and Describe… on selected documents.
export type BinderSlot = 'binder' | 'expiring' | 'describe';

export const BINDER_SLOT_LABELS: Readonly<Record<BinderSlot, string>> = {
  binder: 'Binder…',
  expiring: 'Expiring…',
  describe: 'Describe…',
};
