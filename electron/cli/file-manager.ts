// `items list|put|add|get|describe|rm` (`access`, who may read an item: sharing.ts).
import { toSlashForm } from '../../shared/item-path.js';
import { rememberingSharing } from './keys/rewrap.js';
import { isReservedItemId } from '../../shared/reserved-paths.js';
import { receiptAfterGet } from './receipts.js';
import { itemsDescribe, uploadFields } from './binder.js';
import type { Item } from '../../shared/types.js';
import { downloadDocument } from '../services/transfers/document-download.js';
import { newDocumentPath, uploadDocument } from '../services/transfers/document-upload.js';
import { UsageError, boolFlag, stringFlag, word } from './args.js';
import type { CliContext } from './context.js';
import { itemLine, mib, shown, table } from './format.js';

function progressPrinter(
  ctx: CliContext,
  verb: string,
): (e: { readonly phase?: string; readonly bytes: number; readonly total: number }) => void {
  const started = Date.now();
  return (e) => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const percent = e.total > 0 ? Math.floor((e.bytes / e.total) * 100) : 100;
    ctx.progress(`${e.phase ?? verb}: ${mib(e.bytes)} of ${mib(e.total)} (${percent}%), ${mib(e.bytes / seconds)}/s\n`);
  };
}

export async function itemsCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'items subcommand (list, put, add, get, describe, rm)');
  const containerId = await ctx.container();
  const opened = await ctx.open();
  const { client, keys } = opened;
  switch (sub) {
    case 'list': {
      const since = stringFlag(ctx.args, 'since');
      const owner = stringFlag(ctx.args, 'owner');
      const result = await client.listItems(containerId, ctx.args.words[2], {
        recurse: boolFlag(ctx.args, 'recurse') || undefined,
        ...(owner ? { owner } : {}),
        ...(since ? { since } : {}),
      });
      // The study record and receipts are not documents (docs/protocol.md §7), as in the app;
      // a path naming one exactly answers it as it is.
      const items: Item[] = Array.isArray(result) ? result.filter((i) => !isReservedItemId(i.id)) : [result];
      ctx.print(Array.isArray(result) ? items : result, () => table(items, itemLine, 'No items.'));
      return;
    }
    case 'put':
    case 'add': {
      const file = word(ctx.args, 2, 'local file');
      const remote = sub === 'put' ? word(ctx.args, 3, 'remote path') : newDocumentPath(ctx.args.words[3] ?? '');
      const name = stringFlag(ctx.args, 'name');
      const fields = uploadFields(ctx);
      const result = await uploadDocument({
        client,
        containerId,
        path: remote,
        file,
        ...(name ? { name } : {}),
        ...(fields ? { header: fields } : {}),
        wrapForSelf: keys.wrapForSelf,
        onProgress: progressPrinter(ctx, 'upload'),
      });
      // A pSite's upload is no use to the study until its owner can read it.
      const owner = rememberingSharing(ctx, opened);
      const sharedWithOwner = await owner.sharing.shareWithOwner(containerId, remote);
      await owner.settled();
      ctx.print(
        { ...result, sharedWithOwner },
        () =>
          `${result.created ? 'Uploaded' : 'Replaced'} ${shown(toSlashForm(result.item.id))} (${mib(result.header.size)})${sharedWithOwner ? ', shared with the study owner' : ''}`,
      );
      return;
    }
    case 'get': {
      const remote = word(ctx.args, 2, 'remote path');
      const file = word(ctx.args, 3, 'local file');
      const result = await downloadDocument({
        client,
        keys,
        containerId,
        path: remote,
        destination: file,
        onProgress: progressPrinter(ctx, 'download'),
      });
      ctx.print(result, () => `Saved ${file} (${mib(result.bytes)}), all hashes verified`);
      await receiptAfterGet(ctx, containerId, remote, result.contentHash, result.header.type);
      return;
    }
    case 'describe':
      return itemsDescribe(ctx, containerId);
    case 'rm': {
      const remote = word(ctx.args, 2, 'remote path');
      await client.deleteItem(containerId, remote);
      ctx.print({ deleted: remote }, () => `Deleted ${remote}`);
      return;
    }
    default:
      throw new UsageError(`Unknown items subcommand "${sub}".`);
  }
}
