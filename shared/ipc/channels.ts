// The three Electron IPC channel names; only the preload and the shell use them.
export const CALL_CHANNEL = 'exchange:call';
export const STAGE_CHANNEL = 'exchange:stage';
export const EVENT_CHANNEL = 'exchange:event';
