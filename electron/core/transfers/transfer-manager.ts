// The app's transfers: the client core's queue, bound to profiles' sessions, with what the
// app adds around each transfer — staged files released, uploads shared with the study's
// owner when asked, the activity log, notifications when a batch ends, and views for the
// renderer with structured errors.
import { toSlashForm } from '../../../shared/item-path.js';
import { isFinished, type AppError, type FinishedTransferState, type TransferView } from '../../../shared/ipc/views.js';
import { TransferQueue, type TransferDescriptor } from '../../services/transfers/transfer-queue.js';
import { documentTransferRunner, type SessionOf } from '../../services/transfers/transfer-runner.js';
import { appError, toAppError } from '../../../shared/app-error.js';
import type { EventSink } from '../platform.js';

interface TransferHooks {
  /** After a verified upload (e.g. share with the study's owner); a failure is a warning on the verified transfer. */
  afterUpload(d: TransferDescriptor): Promise<void>;
  /** A finished transfer taken off the list (its staged copy can go: no Retry will read it). */
  cleared(d: TransferDescriptor): Promise<void>;
  /** After a verified download (open it, offer it, ...). */
  afterDownload(d: TransferDescriptor): Promise<void>;
  /** Called once per finished transfer, ok or not. */
  finished(d: TransferDescriptor, error?: AppError): Promise<void>;
}

export class TransferManager {
  private readonly queue: TransferQueue;
  private readonly errors = new Map<string, AppError>();
  private readonly warnings = new Map<string, AppError>();
  private batch = { done: 0, failed: 0 };

  constructor(
    file: string,
    concurrency: number,
    session: SessionOf,
    private readonly hooks: TransferHooks,
    private readonly emit: EventSink,
    private readonly notify: (title: string, body: string, failed: boolean) => void,
    /** Whose transfers the windows show (the active profile): events carry that profile's only. */
    private readonly viewer: () => string | undefined,
  ) {
    const run = documentTransferRunner(session);
    this.queue = new TransferQueue({
      file,
      concurrency,
      runner: async (d, context) => {
        this.errors.delete(d.id);
        try {
          await run(d, context);
          // The document is stored and verified: what fails after it (sharing it with the owner) is a
          // warning on it, not a failed upload, whose Retry would upload it again from a copy now gone.
          if (d.kind === 'upload')
            await this.hooks.afterUpload(d).catch((e: unknown) => void this.warnings.set(d.id, toAppError(e)));
          else await this.hooks.afterDownload(d);
          await this.hooks.finished(d);
        } catch (e) {
          if (!context.signal.aborted) {
            const error = toAppError(e);
            this.errors.set(d.id, error);
            await this.hooks.finished(d, error);
          }
          throw e;
        }
      },
    });
    this.queue.on('change', (d) => {
      this.announce();
      if (d.state === 'verified') this.batch.done += 1;
      if (d.state === 'failed') this.batch.failed += 1;
      this.maybeNotify();
    });
    this.queue.on('progress', (p) => {
      if (this.queue.get(p.id)?.profileId !== this.viewer()) return; // another organization's
      this.emit('transfer.progress', { id: p.id, bytes: p.bytes, total: p.total, rate: p.rate, state: 'running' });
    });
  }

  async load(): Promise<void> {
    await this.queue.load();
  }

  enqueue(
    input: Omit<TransferDescriptor, 'id' | 'state' | 'bytes' | 'total' | 'createdAt' | 'updatedAt' | 'error'> & {
      readonly total?: number;
    },
  ): TransferView {
    return this.view(this.queue.enqueue(input));
  }

  /** The local files of the transfers listed (a staged copy one of them may still read). */
  localPaths(): string[] {
    return this.queue.list().map((d) => d.localPath);
  }

  get(id: string): TransferDescriptor | undefined {
    return this.queue.get(id);
  }

  /** One profile's transfers (each profile has its own list: one organization never sees another's); none: all. */
  list(profileId?: string): TransferView[] {
    return this.queue
      .list()
      .filter((d) => profileId === undefined || d.profileId === profileId)
      .map((d) => this.view(d));
  }

  /** The viewing profile's transfers (none while no profile is active), as the windows list them. */
  shown(): TransferView[] {
    const viewer = this.viewer();
    return viewer === undefined ? [] : this.list(viewer);
  }

  /** Sends the windows the viewing profile's list: after a change, or once another profile is active. */
  announce(): void {
    this.emit('transfers.changed', this.shown());
  }

  cancel(id: string): TransferView {
    this.queue.cancel(id);
    return this.view(this.queue.get(id)!);
  }

  retry(id: string): TransferView {
    this.queue.retry(id);
    return this.view(this.queue.get(id)!);
  }

  /** Clears one tab of one profile's list (none: every profile's); answers that profile's list. */
  async clear(states: readonly FinishedTransferState[], profileId?: string): Promise<TransferView[]> {
    const cleared = this.queue
      .list()
      .filter(
        (d) =>
          (states as readonly string[]).includes(d.state) && (profileId === undefined || d.profileId === profileId),
      );
    this.queue.remove(cleared.map((d) => d.id));
    for (const d of cleared) {
      this.errors.delete(d.id);
      this.warnings.delete(d.id);
      await this.hooks.cleared(d).catch(() => undefined);
    }
    this.announce();
    return this.list(profileId);
  }

  setConcurrency(n: number): void {
    this.queue.setConcurrency(n);
  }

  /** Resolves with the transfer's view once it is verified, failed or cancelled. */
  whenFinished(id: string): Promise<TransferView> {
    const current = this.queue.get(id);
    if (!current) return Promise.reject(new Error('The transfer is no longer in the list.'));
    if (isFinished(current.state)) return Promise.resolve(this.view(current));
    return new Promise((resolve) => {
      const onChange = (d: TransferDescriptor) => {
        if (d.id !== id || !isFinished(d.state)) return;
        this.queue.off('change', onChange);
        resolve(this.view(d));
      };
      this.queue.on('change', onChange);
    });
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  private maybeNotify(): void {
    const active = this.queue.list().some((d) => d.state === 'queued' || d.state === 'running');
    const { done, failed } = this.batch;
    if (active || done + failed === 0) return;
    this.batch = { done: 0, failed: 0 };
    if (done + failed < 2 && failed === 0) return; // a single success needs no notification
    this.notify(
      failed ? `${failed} transfer${failed > 1 ? 's' : ''} failed` : `${done} transfers verified`,
      failed
        ? `${done} verified, ${failed} failed. Open the transfers panel to retry.`
        : 'Every file was transferred and verified.',
      failed > 0,
    );
  }

  private view(d: TransferDescriptor): TransferView {
    const { state } = d;
    // after a restart only what the list kept: the failure as it was (older lists: its message)
    const error =
      this.errors.get(d.id) ??
      d.failure ??
      (d.error ? appError('failed', d.error, d.error, { retryable: true }) : undefined);
    const warning = this.warnings.get(d.id);
    return {
      id: d.id,
      direction: d.kind,
      profileId: d.profileId,
      containerId: d.containerId,
      itemPath: toSlashForm(d.remotePath),
      fileName: d.name ?? d.localPath.split(/[/\\]/).pop() ?? '',
      state,
      bytes: d.bytes,
      total: d.total,
      rate: 0,
      ...(state === 'failed' && error ? { error } : {}),
      ...(state === 'verified' && warning ? { warning } : {}),
      ...(state === 'running' && d.waiting ? { waiting: true } : {}),
      startedAt: d.createdAt,
      ...(isFinished(state) ? { finishedAt: d.updatedAt } : {}),
    };
  }
}
