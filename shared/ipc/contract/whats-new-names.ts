// What's new's operation and event names without its schemas (names.ts spreads them).
export const WHATS_NEW_OPERATION_NAMES = [
  'changes.list',
  'changes.unseen',
  'changes.markSeen',
  'changes.setVisible',
  'changes.refresh',
] as const;
export const WHATS_NEW_EVENT_NAMES = [
  'notification',
  'study.changed',
  'changes.unseen',
  'changes.notify',
  'reveal',
] as const;
