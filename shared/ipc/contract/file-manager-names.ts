// The file manager's operation names without its schemas (names.ts spreads them).
export const FILE_MANAGER_OPERATION_NAMES = [
  'items.list',
  'items.listOpen',
  'items.listNext',
  'items.listClose',
  'items.headers',
  'items.details',
  'items.readRecord',
  'items.writeRecord',
  'items.delete',
  'items.rekey',
  'items.rename',
  'folders.listEmpty',
  'folders.addEmpty',
  'folders.removeEmpty',
  'folders.adoptEmpty',
] as const;
