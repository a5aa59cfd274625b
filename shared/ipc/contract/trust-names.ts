// The trust feature's operation names without its schemas (names.ts spreads them).
export const TRUST_OPERATION_NAMES = ['trust.list', 'trust.accept', 'trust.keep', 'trust.markVerified'] as const;
