// The settings room's operation names without its schemas (names.ts spreads them).
export const SETTINGS_OPERATION_NAMES = ['app.info', 'settings.get', 'settings.update'] as const;
