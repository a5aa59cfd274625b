// The profiles room's operation and event names without its schemas (names.ts spreads them).
export const PROFILES_OPERATION_NAMES = [
  'profiles.list',
  'profiles.switch',
  'profiles.importPem',
  'profiles.importPkcs12',
  'profiles.setTrustAnchors',
  'profiles.generateKey',
  'profiles.update',
  'profiles.remove',
  'connection.check',
] as const;
export const PROFILES_EVENT_NAMES = ['profile.switched', 'profile.updated', 'connection.skew'] as const;
