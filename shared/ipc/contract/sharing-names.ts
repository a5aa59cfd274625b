// The sharing room's operation names without its schemas (names.ts spreads them).
export const SHARING_OPERATION_NAMES = [
  'access.list',
  'access.preview',
  'access.grant',
  'access.update',
  'access.revoke',
  'access.shareWithStudy',
  'organizations.list',
  'organizations.get',
] as const;
