// The activity room's operation names without its schemas (names.ts spreads them).
export const ACTIVITY_OPERATION_NAMES = ['activity.list', 'activity.exportCsv'] as const;
