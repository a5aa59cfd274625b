// The transfers room's operation and event names without its schemas (names.ts spreads them).
export const TRANSFERS_OPERATION_NAMES = [
  'files.pick',
  'files.release',
  'transfers.upload',
  'transfers.download',
  'transfers.list',
  'transfers.cancel',
  'transfers.retry',
  'transfers.clear',
] as const;
export const TRANSFERS_EVENT_NAMES = ['transfers.changed', 'transfer.progress'] as const;
