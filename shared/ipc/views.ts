// What the main process shows the renderer: plain data, never keys, passphrases or plaintext
// item keys. Every IPC result and event is built from these types; each room declares its own
// in contract/<room>-views.ts (zod-free, so the window can import them), gathered here.
export type { AppError } from '../app-error.js';
export * from './contract/activity-views.js';
export * from './contract/file-manager-views.js';
export * from './contract/profiles-views.js';
export * from './contract/search-views.js';
export * from './contract/settings-views.js';
export * from './contract/sharing-views.js';
export * from './contract/studies-views.js';
export * from './contract/transfers-views.js';
export * from './contract/trust-views.js';
export * from './contract/whats-new-views.js';
