// Receipts in the app (docs/protocol.md §7, Receipts): sent after a document of another
// organization was received (never awaited by the open), and shown to a document's owner as
// its delivery and as the study's distribution report.
import { shownName } from '../../../shared/headers.js';
import { toSlashForm } from '../../../shared/item-path.js';
import type { TransferView } from '../../../shared/ipc/views.js';
import type { Item } from '../../../shared/types.js';
import { ReceiptReader } from '../../services/receipts/receipt-reader.js';
import type { ReceiptAction } from '../../services/receipts/receipt-record.js';
import { ReceiptSender, receiptQueueFile } from '../../services/receipts/receipt-sender.js';
import { UserFacingError } from '../../../shared/app-error.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import type { Session } from '../profiles/session.js';
import { itemView, ownerIdOf } from '../studies/views.js';

type ReceiptHandlers = Pick<Handlers, 'receipts.forItem' | 'receipts.report' | 'receipts.setSending'>;

export function receiptSender(ctx: AppContext, profileId: string): ReceiptSender {
  return ctx.receipts.sender(
    profileId,
    () =>
      new ReceiptSender({
        file: receiptQueueFile(ctx.options.dataDir, profileId),
        // the profile's session: the active one, else the one it last received with (kept open by the app)
        session: async () => {
          const s = await ctx.session().catch(() => undefined);
          return s?.profile.id === profileId ? s : ctx.receipts.sessions.get(profileId);
        },
        onDropped: (study, item, reason) =>
          void ctx
            .record({ action: 'download', ok: false, study, item, detail: `receipt not sent: ${reason}` })
            .catch(() => undefined),
      }),
  );
}

function readerOf(ctx: AppContext, s: Session): ReceiptReader {
  const { readers } = ctx.receipts;
  let reader = readers.get(s);
  if (!reader) readers.set(s, (reader = new ReceiptReader(s.client, s.keys)));
  return reader;
}

/** What a download mode tells the owner: opened, saved (a file the user placed), or downloaded by the browser. */
export function receiptAction(
  mode: 'saveAs' | 'open' | 'dragOut' | 'showInFolder',
  hasSaveDialog: boolean,
): ReceiptAction {
  if (mode === 'open') return 'opened';
  return mode === 'saveAs' && !hasSaveDialog ? 'downloaded' : 'saved';
}

/**
 * After a download of `item` (as fetched before it) finished: a receipt when it was verified.
 * The caller does not await it: the open, save or drag never waits for it (tests do). The version acknowledged is the one
 * fetched before the download; should the owner have replaced it meanwhile, the receipt names
 * the earlier version (never a later one than was received).
 */
export function receiptAfterDownload(
  ctx: AppContext,
  s: Session,
  containerId: string,
  item: Item,
  headerType: string,
  action: ReceiptAction,
  finished: Promise<TransferView>,
): Promise<void> {
  if (ownerIdOf(item) === s.profile.organizationId) return Promise.resolve();
  ctx.receipts.receivedWith(s.profile.id, s);
  return finished
    .then((done) =>
      done.state === 'verified'
        ? receiptSender(ctx, s.profile.id).received({ containerId, item, headerType, action }, s.profile.organizationId)
        : undefined,
    )
    .catch(() => undefined);
}

export function receiptHandlers(ctx: AppContext): ReceiptHandlers {
  return {
    'receipts.forItem': async ({ containerId, itemPath }) => {
      const s = await ctx.session();
      const [item, access, sending] = await Promise.all([
        s.client.getItem(containerId, itemPath),
        s.client.getItemAccess(containerId, itemPath),
        receiptSender(ctx, s.profile.id).sending(),
      ]);
      if (ownerIdOf(item) !== s.profile.organizationId) {
        throw new UserFacingError(
          'not-owner',
          'Only the document\u2019s owner sees who received it.',
          'Receipts are shared with the organization that owns the document.',
        );
      }
      return readerOf(ctx, s).forItem(containerId, item, access, sending);
    },
    'receipts.report': async ({ containerId }) => {
      const s = await ctx.session();
      const sending = await receiptSender(ctx, s.profile.id).sending();
      const nameOf = (i: Item) => {
        const header = itemView(s, containerId, i, true).decryptedHeader;
        return header?.type === 'document' ? shownName(header, toSlashForm(i.id)) : undefined;
      };
      return readerOf(ctx, s).report(containerId, nameOf, sending);
    },
    'receipts.setSending': async ({ sending }) => {
      const s = await ctx.session();
      const sender = receiptSender(ctx, s.profile.id);
      if (sending !== undefined) await sender.setSending(sending);
      // the window asks whenever a document is shown: what waits from an earlier run goes now
      void sender.flush().catch(() => undefined);
      return { sending: await sender.sending(), pending: await sender.pendingCount() };
    },
  };
}
