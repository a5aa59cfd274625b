// The one IPC contract: every operation the renderer may ask of main, with its argument
// schema (checked at the door) and result type, and every event main pushes. Each feature
// room declares its own in contract/<room>.ts; this file assembles them. The preload, the
// browser bridge, the door and the renderer's hooks are all typed from here.
import type { z } from 'zod';
import type { AppError } from '../app-error.js';
import { activityOperations } from './contract/activity.js';
import { adminOperations } from './contract/admin.js';
import { archiveOperations, type ArchiveEventPayloads } from './contract/archive.js';
import { binderOperations } from './contract/binder.js';
import { fileManagerOperations } from './contract/file-manager.js';
import { keysOperations, type KeysEventPayloads } from './contract/keys.js';
import { profilesOperations, type ProfilesEventPayloads } from './contract/profiles.js';
import { receiptsOperations } from './contract/receipts.js';
import { sandboxOperations } from './contract/sandbox.js';
import { searchOperations } from './contract/search.js';
import { settingsOperations } from './contract/settings.js';
import { sharingOperations } from './contract/sharing.js';
import { signoffsOperations } from './contract/signoffs.js';
import { studiesOperations } from './contract/studies.js';
import { transfersOperations, type TransfersEventPayloads } from './contract/transfers.js';
import { trustOperations, type TrustEventPayloads } from './contract/trust.js';
import { whatsNewOperations, type WhatsNewEventPayloads } from './contract/whats-new.js';
import type { FileRef } from './contract/transfers-views.js';

export { hostStageArgs, stageArgs, type StageArgs } from './contract/transfers.js';

export const operations = {
  ...settingsOperations,
  ...profilesOperations,
  ...keysOperations,
  ...trustOperations,
  ...studiesOperations,
  ...searchOperations,
  ...fileManagerOperations,
  ...transfersOperations,
  ...sharingOperations,
  ...adminOperations,
  ...activityOperations,
  ...sandboxOperations,
  ...receiptsOperations,
  ...whatsNewOperations,
  ...signoffsOperations,
  ...binderOperations,
  ...archiveOperations,
} as const;

export type OperationName = keyof typeof operations;
/** What a caller passes (the schema's input). */
export type OperationArgs<N extends OperationName> = z.input<(typeof operations)[N]['args']>;
/** What a handler receives, once the door has parsed it (the schema's output). */
export type HandlerArgs<N extends OperationName> = z.output<(typeof operations)[N]['args']>;
export type OperationResult<N extends OperationName> = (typeof operations)[N]['result'];

/** What every call returns across the boundary: a value or an expected failure as data. */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export interface EventPayloads
  extends
    TransfersEventPayloads,
    ProfilesEventPayloads,
    KeysEventPayloads,
    WhatsNewEventPayloads,
    TrustEventPayloads,
    ArchiveEventPayloads {}
export type EventName = keyof EventPayloads;

/** One operation as the renderer calls it. */
export type OperationCall<N extends OperationName> = (args: OperationArgs<N>) => Promise<IpcResult<OperationResult<N>>>;
/** One function per operation. */
export type ExchangeOperations = { readonly [N in OperationName]: OperationCall<N> };

/** The renderer's API (`window.exchange`): one function per operation, and event subscription. */
export type ExchangeApi = ExchangeOperations & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) => () => void;
  /** Registers a dropped File (Electron: its path; browser host: its bytes) and returns a reference. */
  readonly stageFile: (file: File, relativePath: string) => Promise<IpcResult<FileRef>>;
};
