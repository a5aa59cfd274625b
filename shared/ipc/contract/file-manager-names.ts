// The file manager's operation names without its schemas (names.ts spreads them).
export const FILE_MANAGER_OPERATION_NAMES = ['items.rename'] as const;
