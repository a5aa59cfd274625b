// What main shows of transfers and of files the user chose or saved (shared/ipc/views.ts re-exports it).
import type { AppError } from '../../app-error.js';

type TransferDirection = 'upload' | 'download';
export const TRANSFER_STATES = ['queued', 'running', 'paused', 'verified', 'failed', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
/** The states a transfer ends in; the panel's Failed and Completed tabs are cleared by these. */
export const FINISHED_TRANSFER_STATES = ['verified', 'failed', 'cancelled'] as const satisfies readonly TransferState[];
export type FinishedTransferState = (typeof FINISHED_TRANSFER_STATES)[number];
export const isFinished = (state: TransferState): state is FinishedTransferState =>
  (FINISHED_TRANSFER_STATES as readonly TransferState[]).includes(state);
/** Most files one 'transfers.upload' (or 'files.release') call carries; the window sends more in several calls. */
export const MAX_FILES_PER_CALL = 10_000;

export interface TransferView {
  readonly id: string;
  readonly direction: TransferDirection;
  readonly profileId: string;
  readonly containerId: string;
  readonly itemPath: string;
  readonly fileName: string;
  readonly state: TransferState;
  readonly bytes: number;
  readonly total: number;
  /** Bytes per second over the last few seconds. */
  readonly rate: number;
  readonly error?: AppError;
  /** A verified upload whose step after (sharing it with the study's owner) failed: stored, but not shared. */
  readonly warning?: AppError;
  /** Running, but waiting for a busy exchange before it sends again (not a network failure). */
  readonly waiting?: boolean;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

/** A file the user chose (picker or drop); main only accepts references it issued. */
export interface FileRef {
  readonly ref: string;
  readonly name: string;
  readonly size: number;
}

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'opened'; readonly path: string }
  | { readonly kind: 'shown'; readonly path: string }
  | { readonly kind: 'download'; readonly url: string }
  | { readonly kind: 'cancelled' }
  /** Open or drag-out refused by the open rule (shared/open-rule.ts): nothing was written. */
  | { readonly kind: 'blocked'; readonly fileName: string; readonly realType: string; readonly reason: string }
  /** Open of a format that can carry code, not confirmed (no `openAnyway`): nothing was written; ask, then call again. */
  | { readonly kind: 'confirm'; readonly fileName: string; readonly realType: string; readonly risk: string };
