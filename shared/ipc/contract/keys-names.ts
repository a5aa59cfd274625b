// The keys room's operation and event names without its schemas (names.ts spreads them).
export const KEYS_OPERATION_NAMES = [
  'profiles.backup',
  'profiles.renew',
  'profiles.rewrapOwnItems',
  'profiles.forgetOldKeys',
  'notices.list',
  'notices.dismissBackup',
] as const;
export const KEYS_EVENT_NAMES = ['keys.rewrap'] as const;
