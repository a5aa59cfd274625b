// The receipts room's operation names without its schemas (names.ts spreads them).
export const RECEIPTS_OPERATION_NAMES = ['receipts.forItem', 'receipts.report', 'receipts.setSending'] as const;
