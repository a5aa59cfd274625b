// What the app's services need from the host they run in (Electron or the browser host),
// as small interfaces, so nothing below the door imports `electron`.
import type { EventName, EventPayloads } from '../../shared/ipc/contract.js';
import type { FileRef } from '../../shared/ipc/views.js';
import type { SecretBox } from '../services/keys/secret-box.js';
import type { Handlers } from './ipc-door.js';

export interface Platform {
  readonly kind: 'electron' | 'browser';
  /** Native file picker; undefined in the browser host (the page uses <input type=file> and staging). */
  readonly pickFiles?: (options: {
    folders: boolean;
    purpose: 'upload' | 'key' | 'archive' | 'archive-folder';
  }) => Promise<string[]>;
  /** Native save dialog; resolves undefined when the user cancels. */
  readonly saveDialog?: (defaultName: string) => Promise<string | undefined>;
  /** Opens a file with the system's default application. */
  readonly openPath: (path: string) => Promise<void>;
  /** Shows a file selected in the system's file manager (never opens it). */
  readonly showInFolder?: (path: string) => void;
  /** Starts an OS drag of a local file out of the window (Electron only). */
  readonly startDrag?: (path: string) => void;
  /**
   * Offers a file to the page as a one-time download URL (browser host only); `gone` runs once
   * the page fetched it (`served`: the whole file was sent) or the offer expired (`served` false).
   */
  readonly offerDownload?: (path: string, fileName: string, gone: (served: boolean) => Promise<void>) => string;
  /** `failure`: something went wrong that the user acts on (the browser host's toast says so in red). */
  readonly notify: (title: string, body: string, kind?: 'success' | 'failure') => void;
  /** Encrypts secrets at rest: Electron safeStorage, or a passphrase box. */
  readonly secretBox: SecretBox;
}

export interface LocalFile {
  readonly path: string;
  readonly relativePath: string;
  readonly size: number;
  readonly name?: string;
  /** A reference already issued for this file (the browser host's staging). */
  readonly ref?: string;
  /** A staged copy alone in its own folder, removed with that folder once uploaded. */
  readonly temporary?: boolean;
}

export type EventSink = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export interface AppCore {
  readonly handlers: Handlers;
  /** Subscribes the transport to events main pushes; returns an unsubscribe. */
  onEvent(listener: EventSink): () => void;
  /**
   * Registers a file the user chose or dropped (a path main may read) and returns its
   * reference; uploads accept only registered references. `temporary` files (staged copies
   * made by the browser host) are deleted once uploaded.
   */
  registerFile(file: LocalFile): FileRef;
  /** Closes the streamed listings a window opened: its page navigated, reloaded or is gone. */
  closeListingsOf(senderId: string): void;
  close(): Promise<void>;
}

export interface AppOptions {
  /** The app's data folder: profiles, wrapped keys, settings, activity, sandbox. */
  readonly dataDir: string;
  readonly platform: Platform;
  readonly version: string;
  /** The binder's clock ("today"): real time when absent; the browser host's test clock (host/test-clock.ts). */
  readonly now?: () => Date;
}
