// The admin room's operation names without its schemas (names.ts spreads them).
export const ADMIN_OPERATION_NAMES = [
  'admin.createOrganization',
  'admin.updateOrganization',
  'admin.putCertificate',
] as const;
