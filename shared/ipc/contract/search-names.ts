// The search room's operation names without its schemas (names.ts spreads them).
export const SEARCH_OPERATION_NAMES = ['search.find'] as const;
