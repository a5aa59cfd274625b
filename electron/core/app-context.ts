// The composition every handler works in: stores, the active session, events, activity.
import type { EventName, EventPayloads } from '../../shared/ipc/contract.js';
import type { ActivityEntry } from '../../shared/ipc/views.js';
import type { KeyVault } from '../services/keys/key-vault.js';
import type { ProfileStore } from '../services/profiles/profiles.js';
import type { ActivityLog } from './activity/activity-log.js';
import type { BinderClock } from './binder/binder-clock.js';
import type { CertificateWatch } from './trust/certificate-watch.js';
import type { ClearCopies } from './file-manager/clear-copies.js';
import type { OneAtATime } from '../services/one-at-a-time.js';
import type { FileRegistry } from './transfers/file-registry.js';
import type { Notifier } from './whats-new/notifier.js';
import type { AppOptions } from './platform.js';
import type { SandboxManager } from './sandbox/sandbox-manager.js';
import type { Session } from './profiles/session.js';
import type { SettingsStore } from './settings/settings-store.js';
import type { AppReceipts } from './receipts/receipt-state.js';
import type { PinStore } from './trust/pin-store.js';
import type { TransferManager } from './transfers/transfer-manager.js';
import type { WatchGate } from './whats-new/watch-gate.js';

export interface AppContext {
  readonly options: AppOptions;
  readonly profiles: ProfileStore;
  readonly vault: KeyVault;
  readonly settings: SettingsStore;
  readonly activity: ActivityLog;
  readonly sandbox: SandboxManager;
  readonly files: FileRegistry;
  /** The one folder for decrypted copies made to open, drag out or offer as a download. */
  readonly copies: ClearCopies;
  readonly transfers: TransferManager;
  /** Upload transfer id → the file reference it reads (released once the upload is verified). */
  readonly uploadRefs: Map<string, string>;
  /** Collaborators' certificates, checked as sessions open and every few hours. */
  readonly certificates: CertificateWatch;
  /**
   * Changes of state files in the data folder one at a time, by path (collaborators' certificates):
   * the app's, as the files outlive every session on them.
   */
  readonly fileChanges: OneAtATime;
  /** A profile's pinned collaborator certificates (trust/pin-store.ts). */
  pins(profileId: string): PinStore;
  /** When the shared refresh runs: a window visible (`changes.setVisible`), for the active profile. */
  readonly watchGate: WatchGate;
  /** Desktop notifications of what other organizations sent (whats-new/notifier.ts). */
  readonly notifier: Notifier;
  /** Receipts' senders (one per profile) and readers (one per session), closed with the app. */
  readonly receipts: AppReceipts;
  /** "Today" for the binder: real time unless the app was given a clock (tests set a zone too). */
  readonly binderClock: BinderClock;
  /** The active profile's session; throws a clear error when there is no profile. */
  session(): Promise<Session>;
  activeProfileId(): string | undefined;
  switchProfile(profileId: string): Promise<Session>;
  /** Drops the session (after a profile's change or removal). */
  resetSession(): Promise<void>;
  /** A profile removed: its session (if open) closes, its refresh stopped and its seen state deleted. */
  forgetSession(profileId: string): Promise<void>;
  /**
   * A profile removed from the app (after it left the store): its session stops (no refresh, no
   * write of its New state), its receipts sender stops, then its files go.
   */
  forgetProfile(profileId: string): Promise<void>;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Appends to the activity log under the active profile's name. */
  record(entry: Omit<ActivityEntry, 'time' | 'profile'>): Promise<void>;
}
