// Sending receipts (docs/protocol.md §7, Receipts): after this organization received another's document,
// a receipt is written and granted to the document's owner. Receiving never waits for it: the
// receipt goes into a queue kept in the data folder (written atomically), sent at once when the
// exchange answers, and later when it did not (offline, busy 1018, a 5xx).
import { join } from 'node:path';
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import type { Item } from '../../../shared/types.js';
import { readJsonFile, writeJsonAtomic } from '../atomic-file.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { describeError, isTransient } from '../exchange-errors.js';
import type { SharingService } from '../sharing/sharing.js';
import { writeRecord, type RecordKeys } from '../transfers/records.js';
import {
  RECEIPT_HEADER,
  RECEIPT_VERSION,
  ownerIdOf,
  receiptHash,
  receiptPath,
  type ReceiptAction,
  type ReceiptContent,
} from './receipt-record.js';

/** What sending needs of a session: acting as the receiving organization. */
export interface ReceiptSession {
  readonly client: ExchangeClient;
  readonly keys: RecordKeys;
  readonly sharing: Pick<SharingService, 'grant' | 'update'>;
}

/** One item version received. */
export interface Received {
  readonly containerId: string;
  readonly item: Pick<Item, 'id' | 'ownerUrl' | 'contentHash' | 'updatedAt'>;
  /** The decrypted header's `type`: only a `document` is acknowledged. */
  readonly headerType: string;
  readonly action: ReceiptAction;
}

interface Pending {
  readonly containerId: string;
  readonly ownerId: string;
  readonly content: ReceiptContent;
}

interface SenderState {
  /** Off when the consortium has not agreed to receipts; on by default. */
  sending: boolean;
  pending: Pending[];
  /** container id + "/" + receipt hash → the contentHash last sent: the same version again writes nothing. */
  sent: Record<string, string>;
}

interface ReceiptSenderOptions {
  /** The queue file (JSON) in the data folder, one per profile. */
  readonly file: string;
  /** The session to send with; undefined while it is not at hand (profile not active): tried later. */
  readonly session: () => Promise<ReceiptSession | undefined>;
  /** How long to wait before trying a queue again that could not be sent. */
  readonly retryMs?: number;
  /** Receipts that can never be sent (refused by the exchange), for the log. */
  readonly onDropped?: (containerId: string, itemId: string, reason: string) => void;
}

/** The queue file of a profile's receipts in the data folder: the app and the command-line tool share it. */
export function receiptQueueFile(dataDir: string, profileId: string): string {
  return join(dataDir, 'receipts', `${profileId}.json`);
}

/** The receipt for a document received, as of `now`. */
export function receiptContent(r: Omit<Received, 'headerType'>, now = new Date()): ReceiptContent {
  return {
    type: 'receipt',
    version: RECEIPT_VERSION,
    itemId: r.item.id.replace(/\|/g, '/'),
    contentHash: r.item.contentHash,
    itemUpdatedAt: r.item.updatedAt,
    receivedAt: now.toISOString(),
    action: r.action,
  };
}

/** PUT the receipt, then give its key to the document's owner only (a replaced receipt has a new key). */
export async function writeReceipt(
  session: ReceiptSession,
  containerId: string,
  ownerId: string,
  content: ReceiptContent,
  options: CallOptions = {},
): Promise<void> {
  const path = receiptPath(session.client.organizationId, content.itemId);
  await writeRecord(session.client, session.keys, containerId, path, { header: RECEIPT_HEADER, content }, options);
  const access = await session.client.getItemAccess(containerId, path, options);
  if (access.some((o) => o.id === ownerId)) await session.sharing.update(containerId, path, ownerId, options);
  else await session.sharing.grant(containerId, path, ownerId, options);
}

const keyOf = (p: Pick<Pending, 'containerId' | 'content'>): string =>
  `${p.containerId}/${receiptHash(p.content.itemId)}`;

export class ReceiptSender {
  private state: SenderState | undefined;
  /** One change of the queue at a time (received, flush, setting). */
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: ReceiptSenderOptions) {}

  private async load(): Promise<SenderState> {
    if (!this.state) {
      const saved = await readJsonFile<Partial<SenderState>>(this.options.file).catch(() => undefined);
      this.state = {
        sending: saved?.sending ?? true,
        pending: Array.isArray(saved?.pending) ? saved.pending : [],
        sent: saved?.sent ?? {},
      };
    }
    return this.state;
  }

  private save(): Promise<void> {
    return writeJsonAtomic(this.options.file, this.state);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => undefined);
    return next;
  }

  async sending(): Promise<boolean> {
    return this.serial(async () => (await this.load()).sending);
  }

  /** Turning sending off drops what waits to be sent: nothing leaves once the profile said no. */
  async setSending(on: boolean): Promise<void> {
    await this.serial(async () => {
      const s = await this.load();
      s.sending = on;
      if (!on) s.pending = [];
      await this.save();
    });
  }

  async pendingCount(): Promise<number> {
    return this.serial(async () => (await this.load()).pending.length);
  }

  /**
   * Queues a receipt for a document received, unless it is this organization's own, sending is
   * off, or the same version was already acknowledged; then sends what is queued. Records (the
   * study record, receipts, anything at a reserved path or whose header is not a document) are
   * never acknowledged: a receipt for a receipt would answer back and forth. Never throws;
   * the promise is for tests and the command-line tool, the app does not wait for it.
   */
  received(r: Received, self: string, options: CallOptions = {}, now = new Date()): Promise<void> {
    const ownerId = ownerIdOf(r.item);
    if (!ownerId || ownerId === self || r.headerType !== 'document' || isReservedItemId(r.item.id))
      return Promise.resolve();
    const content = receiptContent(r, now);
    const entry: Pending = { containerId: r.containerId, ownerId, content };
    return this.serial(async () => {
      const s = await this.load();
      if (!s.sending || s.sent[keyOf(entry)] === content.contentHash) return;
      s.pending = [...s.pending.filter((p) => keyOf(p) !== keyOf(entry)), entry];
      await this.save();
    })
      .then(() => this.flush(options))
      .then(
        () => undefined,
        () => undefined,
      );
  }

  /** Sends what is queued, in order; stops at the first transient failure and tries again later. */
  flush(options: CallOptions = {}): Promise<{ readonly sent: number; readonly pending: number }> {
    return this.serial(async () => {
      const s = await this.load();
      let sent = 0;
      if (s.pending.length === 0) return { sent, pending: 0 };
      const session = await this.options.session().catch(() => undefined);
      if (!session) {
        this.later();
        return { sent, pending: s.pending.length };
      }
      while (s.pending.length > 0) {
        const entry = s.pending[0]!;
        try {
          await this.send(session, entry, options);
          s.sent[keyOf(entry)] = entry.content.contentHash;
          sent++;
        } catch (e) {
          if (isTransient(e)) {
            this.later();
            break;
          }
          this.options.onDropped?.(entry.containerId, entry.content.itemId, describeError(e));
        }
        s.pending = s.pending.slice(1);
        await this.save();
      }
      return { sent, pending: s.pending.length };
    });
  }

  private send(session: ReceiptSession, entry: Pending, options: CallOptions): Promise<void> {
    return writeReceipt(session, entry.containerId, entry.ownerId, entry.content, options);
  }

  private later(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.options.retryMs ?? 60_000);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Settles once the change of the queue under way (if any) is written. */
  settled(): Promise<void> {
    return this.chain.then(() => undefined);
  }
}
