// The archive's operation and event names without its schemas (names.ts spreads them).
export const ARCHIVE_OPERATION_NAMES = ['archive.export', 'archive.cancel', 'archive.verify'] as const;
export const ARCHIVE_EVENT_NAMES = ['archive.progress'] as const;
