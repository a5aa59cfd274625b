// What main answers the settings room's operations with (shared/ipc/views.ts re-exports it).
import type { ExpiryWarningDays } from '../../binder/views.js';

export interface Settings {
  readonly theme: 'light' | 'dark' | 'system';
  readonly transferConcurrency: number;
  /** Per profile; pSite profiles default to true. */
  readonly shareUploadsWithOwner: Readonly<Record<string, boolean>>;
  /** Desktop notifications when documents from other organizations arrive (off until turned on). */
  readonly notifications: boolean;
  /** Notifications show only the count, no study or document names (shared screens). */
  readonly notificationsHideNames: boolean;
  /** Days before an expiry that a document counts as expiring (30, 60 or 90). */
  readonly expiryWarningDays: ExpiryWarningDays;
}

export interface AppInfo {
  readonly version: string;
  readonly platform: string;
  readonly host: 'electron' | 'browser';
  /** Native dialogs and drag-out exist only in Electron; the browser host downloads instead. */
  readonly nativeFiles: boolean;
  readonly sandbox: boolean;
}
