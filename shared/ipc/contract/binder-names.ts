// The binder's operation names without its schemas (names.ts spreads them; the preload and
// the window need only these).
export const BINDER_OPERATION_NAMES = [
  'binder.describe',
  'binder.checklist',
  'binder.setChecklist',
  'binder.templates',
  'binder.status',
  'binder.statusCsv',
  'binder.expiring',
  'binder.studyMarks',
] as const;
