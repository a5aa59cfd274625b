// Receipts from the command line (docs/protocol.md §7, Receipts): the owner's distribution
// report (`receipts --container ID [--csv]`), the profile's switch (`receipts sending on|off`),
// and the receipt `items get` sends for a document of another organization.
import { RECEIVED_BEFORE_VERSION_WORDS, REPORTED_BY_RECEIVER, STATE_WORDS, reportCsv } from '../../shared/delivery.js';
import { shownName } from '../../shared/headers.js';
import { toSlashForm } from '../../shared/item-path.js';
import { openHeader } from '../../shared/protocol/envelope.js';
import type { Item } from '../../shared/types.js';
import { ReceiptReader } from '../services/receipts/receipt-reader.js';
import { ReceiptSender, receiptQueueFile } from '../services/receipts/receipt-sender.js';
import { UsageError, boolFlag } from './args.js';
import type { CliContext } from './context.js';
import { shown } from './format.js';

/** How long `items get` may spend sending receipts before it exits (they stay queued for the next run). */
const FLUSH_MS = 10_000;

async function senderOf(ctx: CliContext): Promise<ReceiptSender> {
  const session = await ctx.open();
  // a one-off identity has no profile: its queue is kept by organization id
  const owner = session.profile?.id ?? `org-${session.client.organizationId}`;
  return new ReceiptSender({
    file: receiptQueueFile(ctx.dataDir, owner),
    session: async () => ({
      ...session,
      sharing: ctx.sharing(session),
    }),
    onDropped: (_study, item, reason) =>
      ctx.progress(`warning: the receipt for ${shown(item)} was not sent: ${shown(reason)}\n`),
  });
}

/**
 * After `items get` verified a document: a receipt for the version received when another
 * organization owns it, sent with whatever waited from earlier runs, for at most FLUSH_MS.
 */
export async function receiptAfterGet(
  ctx: CliContext,
  containerId: string,
  path: string,
  contentHash: string,
  headerType: string,
): Promise<void> {
  const { client } = await ctx.open();
  const sender = await senderOf(ctx);
  try {
    const item = await client.getItem(containerId, path).catch(() => undefined);
    // the metadata must describe the version saved: a replacement since is not acknowledged
    const signal = AbortSignal.timeout(FLUSH_MS);
    if (item && item.contentHash === contentHash)
      await sender.received({ containerId, item, headerType, action: 'downloaded' }, client.organizationId, { signal });
    else await sender.flush({ signal }).catch(() => undefined);
    const pending = await sender.pendingCount();
    if (pending > 0) ctx.progress(`note: ${pending} receipt(s) could not be sent now; they are sent on a later run.\n`);
  } finally {
    sender.close();
  }
}

/** A document's name; undefined for records and for what cannot be read (not in the report). */
function nameOf(keys: Awaited<ReturnType<CliContext['open']>>['keys']) {
  return (i: Item): string | undefined => {
    try {
      const header = openHeader(i, keys.openItemKey(i));
      return header.type === 'document' ? shownName(header, toSlashForm(i.id)) : undefined;
    } catch {
      return undefined;
    }
  };
}

export async function receiptsCommand(ctx: CliContext): Promise<void> {
  if (ctx.args.words[1] === 'sending') {
    const sender = await senderOf(ctx);
    const want = ctx.args.words[2];
    if (want !== undefined && want !== 'on' && want !== 'off')
      throw new UsageError('receipts sending takes "on" or "off".');
    if (want) await sender.setSending(want === 'on');
    const sending = await sender.sending();
    ctx.print({ sending }, () => `Receipts are ${sending ? 'sent' : 'not sent (turned off for this profile)'}.`);
    return;
  }
  if (ctx.args.words[1] !== undefined) throw new UsageError(`Unknown receipts subcommand "${ctx.args.words[1]}".`);
  const containerId = await ctx.container();
  const { client, keys } = await ctx.open();
  const sending = await (await senderOf(ctx)).sending();
  const report = await new ReceiptReader(client, keys).report(containerId, nameOf(keys), sending);
  if (boolFlag(ctx.args, 'csv')) {
    ctx.io.stdout(reportCsv(report));
    return;
  }
  ctx.print(report, () => {
    const lines: string[] = report.rows.length === 0 ? ['No documents of yours in this study.'] : [];
    for (const row of report.rows) {
      lines.push(`${shown(row.name)}  (${shown(row.itemPath)})`);
      const cells = row.cells.filter((c) => c !== undefined);
      if (cells.length === 0) lines.push('  not shared with any other organization');
      for (const c of cells)
        lines.push(
          `  ${shown(c.organizationName)}: ${STATE_WORDS[c.state]}${c.receivedAt ? ` (${c.action ?? 'received'} ${shown(c.receivedAt)})` : ''}${c.receivedBeforeVersion ? `, ${RECEIVED_BEFORE_VERSION_WORDS}` : ''}`,
        );
    }
    if (report.rows.length > 0) lines.push('', `Receipts are ${REPORTED_BY_RECEIVER}.`);
    if (!sending) lines.push('', 'Note: this profile does not send receipts itself (receipts sending on).');
    return lines.join('\n');
  });
}
