// The sandbox room's operation names without its schemas (names.ts spreads them).
export const SANDBOX_OPERATION_NAMES = ['sandbox.reset'] as const;
