// The studies room's operation names without its schemas (names.ts spreads them).
export const STUDIES_OPERATION_NAMES = [
  'containers.list',
  'containers.create',
  'containers.updateStudy',
  'collaborators.list',
  'collaborators.add',
  'collaborators.remove',
] as const;
