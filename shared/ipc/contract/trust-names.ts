// The trust feature's operation and event names without its schemas (names.ts spreads them).
export const TRUST_OPERATION_NAMES = [
  'certificates.changes',
  'certificates.rewrap',
  'trust.list',
  'trust.accept',
  'trust.keep',
  'trust.markVerified',
] as const;
export const TRUST_EVENT_NAMES = ['certificates.changed', 'certificates.rewrapProgress'] as const;
