// A queue of uploads and downloads: a concurrency limit, progress with a rate, cancel and
// retry. Descriptors (never keys or plaintext) are saved so that after a restart the
// unfinished ones come back paused, for the user to resume.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  TRANSFER_STATES,
  type AppError,
  type FinishedTransferState,
  type TransferState,
} from '../../../shared/ipc/views.js';
import { toAppError } from '../../../shared/app-error.js';
import { readJsonFile, writeJsonAtomic } from '../atomic-file.js';
import { describeFieldsSchema, type DescribeFields } from '../../../shared/binder/describe-schema.js';

type TransferKind = 'upload' | 'download';

export interface TransferDescriptor {
  readonly id: string;
  readonly kind: TransferKind;
  readonly profileId: string;
  readonly containerId: string;
  /** Uploads: the full item path, generated once so every retry replaces the same item. */
  readonly remotePath: string;
  readonly localPath: string;
  readonly name?: string;
  /** Uploads: what the document is (decisions §8), written into its header. */
  readonly describe?: DescribeFields;
  /** Uploads against an expected item (decisions §9): granted to the study's owner whatever the setting. */
  readonly shareWithOwner?: boolean;
  readonly state: TransferState;
  readonly bytes: number;
  readonly total: number;
  readonly error?: string;
  /** The failure as the window shows it (code, words, whether a retry makes sense), kept so a restart says the same. */
  readonly failure?: AppError;
  /** Running, but waiting for a busy exchange before sending again (not saved: a restart pauses it). */
  readonly waiting?: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

type TransferInput = Pick<
  TransferDescriptor,
  'kind' | 'profileId' | 'containerId' | 'remotePath' | 'localPath' | 'name' | 'describe' | 'shareWithOwner'
> & {
  /** The size known when it is queued (the file's, the document's), so the window never shows "0 bytes of 0 bytes". */
  readonly total?: number;
};

export interface TransferProgress {
  readonly id: string;
  readonly bytes: number;
  readonly total: number;
  /** Bytes per second over the transfer so far. */
  readonly rate: number;
}

/** Does one transfer; the app binds it to a profile's client and key handle. */
export type TransferRunner = (
  descriptor: TransferDescriptor,
  context: {
    readonly signal: AbortSignal;
    readonly onProgress: (bytes: number, total: number) => void;
    /** The exchange is busy (or refused the body part way): the transfer waits, then sends again. */
    readonly onWait: () => void;
  },
) => Promise<void>;

interface TransferQueueOptions {
  /** Where descriptors are saved (JSON); none: in memory only. */
  readonly file?: string;
  readonly concurrency?: number;
  readonly runner: TransferRunner;
}

const descriptorSchema = z.object({
  id: z.string(),
  kind: z.enum(['upload', 'download']),
  profileId: z.string(),
  containerId: z.string(),
  remotePath: z.string(),
  localPath: z.string(),
  name: z.string().optional(),
  describe: describeFieldsSchema.optional(),
  shareWithOwner: z.boolean().optional(),
  // Lists saved before the vocabulary was one called a verified transfer 'done'.
  state: z.preprocess((s) => (s === 'done' ? 'verified' : s), z.enum(TRANSFER_STATES)),
  bytes: z.number(),
  total: z.number(),
  error: z.string().optional(),
  failure: z
    .object({
      code: z.union([z.number(), z.string()]),
      message: z.string(),
      details: z.string(),
      explanation: z.string(),
      status: z.number().optional(),
      requestId: z.string().optional(),
      retryable: z.boolean(),
    })
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

interface TransferQueueEvents {
  change: [TransferDescriptor];
  progress: [TransferProgress];
}

export class TransferQueue extends EventEmitter<TransferQueueEvents> {
  private readonly items = new Map<string, TransferDescriptor>();
  private readonly running = new Map<string, AbortController>();
  private concurrency: number;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly options: TransferQueueOptions) {
    super();
    this.concurrency = Math.max(1, options.concurrency ?? 2);
  }

  /** Reads saved descriptors; anything unfinished comes back paused. */
  async load(): Promise<TransferDescriptor[]> {
    if (!this.options.file) return [];
    const saved = await readJsonFile<unknown>(this.options.file);
    const parsed = z.object({ transfers: z.array(descriptorSchema) }).safeParse(saved);
    if (!parsed.success) return [];
    for (const d of parsed.data.transfers as TransferDescriptor[]) {
      const state: TransferState = d.state === 'queued' || d.state === 'running' ? 'paused' : d.state;
      this.items.set(d.id, { ...d, state });
    }
    await this.save();
    return this.list();
  }

  list(): TransferDescriptor[] {
    // Stable sort: transfers made in the same millisecond keep the order they were queued in.
    return [...this.items.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  get(id: string): TransferDescriptor | undefined {
    return this.items.get(id);
  }

  enqueue({ total, ...input }: TransferInput): TransferDescriptor {
    const now = new Date().toISOString();
    const d: TransferDescriptor = {
      ...input,
      id: randomBytes(16).toString('hex'),
      state: 'queued',
      bytes: 0,
      total: total ?? 0,
      createdAt: now,
      updatedAt: now,
    };
    this.set(d);
    this.pump();
    return d;
  }

  /** A new limit applies at once: more transfers start, or running ones finish before others start. */
  setConcurrency(limit: number): void {
    this.concurrency = Math.max(1, limit);
    this.pump();
  }

  /** Stops a running or queued transfer; it can be resumed (from the start). */
  pause(id: string): void {
    this.stop(id, 'paused');
  }

  cancel(id: string): void {
    this.stop(id, 'cancelled');
  }

  /** Queues a paused, failed or cancelled transfer again. */
  retry(id: string): void {
    const d = this.items.get(id);
    if (!d || d.state === 'running' || d.state === 'queued' || d.state === 'verified') return;
    this.set({ ...d, state: 'queued', bytes: 0, error: undefined, failure: undefined });
    this.pump();
  }

  resume(id: string): void {
    this.retry(id);
  }

  /** Removes the transfers that ended in one of these states (one tab of the panel). */
  clear(states: readonly FinishedTransferState[]): void {
    const cleared = new Set<TransferState>(states);
    for (const d of this.items.values()) if (cleared.has(d.state)) this.items.delete(d.id);
    void this.save();
  }

  /** Removes these finished transfers (one profile's tab); running or queued ones stay. */
  remove(ids: readonly string[]): void {
    for (const id of ids) {
      const d = this.items.get(id);
      if (d && d.state !== 'queued' && d.state !== 'running') this.items.delete(id);
    }
    void this.save();
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while ([...this.items.values()].some((d) => d.state === 'queued' || d.state === 'running')) {
      await new Promise((resolve) => this.once('change', resolve));
    }
    await this.saving;
  }

  /** Stops everything running (they come back paused on the next load). */
  async close(): Promise<void> {
    for (const [id] of this.running) this.pause(id);
    await this.saving;
  }

  private stop(id: string, state: 'paused' | 'cancelled'): void {
    const d = this.items.get(id);
    if (!d || d.state === 'verified') return;
    this.set({ ...d, state });
    this.running.get(id)?.abort();
  }

  private pump(): void {
    for (const d of this.list()) {
      if (this.running.size >= this.concurrency) return;
      if (d.state === 'queued') this.start(d);
    }
  }

  private start(d: TransferDescriptor): void {
    const controller = new AbortController();
    this.running.set(d.id, controller);
    this.set({ ...d, state: 'running' });
    const started = Date.now();
    const onProgress = (bytes: number, total: number): void => {
      const current = this.items.get(d.id);
      if (!current || current.state !== 'running') return;
      if (current.waiting) this.set({ ...current, waiting: false });
      this.items.set(d.id, { ...this.items.get(d.id)!, bytes, total });
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      this.emit('progress', { id: d.id, bytes, total, rate: bytes / seconds });
    };
    const onWait = (): void => {
      const current = this.items.get(d.id);
      if (current && current.state === 'running' && !current.waiting) this.set({ ...current, waiting: true });
    };
    this.options
      .runner(this.items.get(d.id)!, { signal: controller.signal, onProgress, onWait })
      .then(
        () => {
          const current = this.items.get(d.id);
          if (current && current.state === 'running')
            this.set({ ...current, state: 'verified', bytes: current.total || current.bytes });
        },
        (error: unknown) => {
          const current = this.items.get(d.id);
          // A pause or cancel already set the state; the runner's abort error is not a failure.
          if (current && current.state === 'running')
            this.set({
              ...current,
              state: 'failed',
              error: error instanceof Error ? error.message : String(error),
              failure: toAppError(error),
            });
        },
      )
      .finally(() => {
        this.running.delete(d.id);
        this.pump();
      });
  }

  private set(d: TransferDescriptor): void {
    const next = { ...d, updatedAt: new Date().toISOString() };
    if (next.state !== 'running' || !next.waiting) delete (next as { waiting?: boolean }).waiting;
    if (next.error === undefined) delete (next as { error?: string }).error;
    if (next.failure === undefined) delete (next as { failure?: AppError }).failure;
    this.items.set(d.id, next);
    void this.save();
    this.emit('change', next);
  }

  private save(): Promise<void> {
    const file = this.options.file;
    if (!file) return Promise.resolve();
    // Serialized, each write with the then-current list.
    this.saving = this.saving.then(() => writeJsonAtomic(file, { transfers: this.list() })).catch(() => undefined);
    return this.saving;
  }
}
