// Files and transfers: pick, upload (with conflict choices), download to save, open or drag.
import { join } from 'node:path';
import { cleanFileName } from '../../../shared/file-name.js';
import { asDocument, headerName } from '../../../shared/headers.js';
import { openVerdict } from '../../../shared/open-rule.js';
import {
  itemBaseName,
  joinItemPath,
  MAX_FOLDER_SEGMENTS,
  parentItemPath,
  parseItemPath,
} from '../../../shared/item-path.js';
import type { SaveOutcome, TransferView } from '../../../shared/ipc/views.js';
import { newDocumentPath } from '../../services/transfers/document-upload.js';
import { UserFacingError } from '../../../shared/app-error.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { receiptAction, receiptAfterDownload } from '../receipts/receipt-handlers.js';
import { itemView } from '../studies/views.js';
import { uploadAgainstChecklist } from '../binder/upload-describe.js';
import { releaseUnlessUploading } from './release-files.js';

type TransferHandlers = Pick<
  Handlers,
  | 'files.pick'
  | 'files.release'
  | 'transfers.upload'
  | 'transfers.download'
  | 'transfers.list'
  | 'transfers.cancel'
  | 'transfers.retry'
  | 'transfers.clear'
>;

/**
 * The id of one of the active profile's transfers. Another profile's gets the answer an unknown id
 * does: a window showing one organization neither acts on nor reads back another's transfers.
 */
function shownTransfer(ctx: AppContext, transferId: string): string {
  const transfer = ctx.transfers.get(transferId);
  if (!transfer || transfer.profileId !== ctx.activeProfileId())
    throw new UserFacingError('not-found', 'That transfer is gone.', 'The transfer is no longer in the list.');
  return transferId;
}

export function transferHandlers(ctx: AppContext): TransferHandlers {
  const { platform } = ctx.options;

  return {
    'files.pick': async ({ folders, purpose }) => {
      if (!platform.pickFiles)
        throw new UserFacingError(
          'not-available',
          'No file dialog here.',
          'Use the Upload button or drop files onto the window.',
        );
      const { stat } = await import('node:fs/promises');
      const paths = await platform.pickFiles({ folders: folders ?? false, purpose: purpose ?? 'upload' });
      return Promise.all(
        paths.map(async (p) =>
          ctx.files.register({
            path: p,
            relativePath: itemBaseName(p.replace(/\\/g, '/')),
            size: (await stat(p)).size,
          }),
        ),
      );
    },
    'files.release': async ({ refs }) => {
      await releaseUnlessUploading(ctx, refs);
      return null;
    },
    'transfers.upload': async ({ containerId, folder, files, describe, expectedItemId }) => {
      const s = await ctx.session();
      // what the documents are, and whether they go to the study's owner (decisions §8–§9)
      const binder = await uploadAgainstChecklist(s, containerId, describe, expectedItemId);
      const views: TransferView[] = [];
      for (const f of files) {
        const local = ctx.files.get(f.ref);
        // A folder drop keeps its relative folders under the target; the last segment is ours.
        const sub = parentItemPath(f.relativePath);
        const target = joinItemPath(folder, sub);
        if (target) parseItemPath(target, MAX_FOLDER_SEGMENTS);
        const path = f.conflict === 'replace' && f.replacePath ? f.replacePath : newDocumentPath(target);
        views.push(
          ctx.transfers.enqueue({
            kind: 'upload',
            profileId: s.profile.id,
            containerId,
            remotePath: path,
            localPath: local.path,
            name: undefined,
            total: local.size,
            ...binder,
          }),
        );
        ctx.uploadRefs.set(views[views.length - 1]!.id, f.ref);
      }
      return views;
    },
    'transfers.download': async ({ containerId, itemPath, mode, openAnyway }): Promise<SaveOutcome> => {
      const s = await ctx.session();
      const item = await s.client.getItem(containerId, itemPath);
      const view = itemView(s, containerId, item, true);
      const header = view.decryptedHeader;
      if (!header)
        throw new UserFacingError(
          'verification',
          view.headerProblem ?? 'The item could not be read.',
          'The item failed its integrity check and was not opened.',
        );
      // The sender chose the name and the type: clean the one, judge both before anything is written.
      const fileName = cleanFileName(headerName(header));
      if (mode === 'open' || mode === 'dragOut') {
        const verdict = openVerdict(fileName, asDocument(header)?.mediaType);
        if (verdict.kind === 'refuse') {
          await ctx.record({
            action: 'download',
            ok: false,
            study: containerId,
            item: fileName,
            detail: `not opened: ${verdict.reason}`,
          });
          return { kind: 'blocked', fileName, realType: verdict.realType, reason: verdict.reason };
        }
        // The window asks first; an open that does not say the user chose it is only a question.
        // (A drag-out writes a copy where the user drops it; nothing is opened for them.)
        if (verdict.kind === 'ask' && mode === 'open' && !openAnyway)
          return { kind: 'confirm', fileName, realType: verdict.realType, risk: verdict.risk };
      }

      let destination: string;
      if (mode === 'saveAs' && platform.saveDialog) {
        const chosen = await platform.saveDialog(fileName);
        if (!chosen) return { kind: 'cancelled' };
        destination = chosen;
      } else {
        destination = join(await ctx.copies.newSlot(), fileName);
      }
      const t = ctx.transfers.enqueue({
        kind: 'download',
        profileId: s.profile.id,
        containerId,
        remotePath: itemPath,
        localPath: destination,
        name: fileName,
        ...(typeof asDocument(header)?.size === 'number' ? { total: asDocument(header)!.size } : {}),
      });
      // opened, saved or dragged out: seen, no longer New
      void s.watch.markSeen(containerId, [itemPath]).catch(() => undefined);
      void receiptAfterDownload(
        ctx,
        s,
        containerId,
        item,
        header.type,
        receiptAction(mode, Boolean(platform.saveDialog)),
        ctx.transfers.whenFinished(t.id),
      );
      if (mode === 'saveAs' && platform.saveDialog) return { kind: 'saved', path: destination };
      const done = await ctx.transfers.whenFinished(t.id);
      if (done.state !== 'verified') {
        await ctx.copies.remove(destination);
        throw Object.assign(new Error(done.error?.message ?? 'The download did not finish.'), done.error ?? {});
      }
      if (mode === 'open') {
        await platform.openPath(destination);
        return { kind: 'opened', path: destination };
      }
      if (mode === 'showInFolder' && platform.showInFolder) {
        platform.showInFolder(destination);
        return { kind: 'shown', path: destination };
      }
      if (mode === 'dragOut' && platform.startDrag) {
        platform.startDrag(destination);
        return { kind: 'saved', path: destination };
      }
      if (platform.offerDownload)
        return {
          kind: 'download',
          url: platform.offerDownload(destination, fileName, () => ctx.copies.remove(destination)),
        };
      return { kind: 'saved', path: destination };
    },
    // The active profile's only, as main's events carry them: one organization never sees another's.
    'transfers.list': async () => ctx.transfers.shown(),
    'transfers.cancel': async ({ transferId }) => ctx.transfers.cancel(shownTransfer(ctx, transferId)),
    'transfers.retry': async ({ transferId }) => ctx.transfers.retry(shownTransfer(ctx, transferId)),
    // One profile's tab: clearing Riverside's Failed leaves the sIRB's.
    'transfers.clear': async ({ states }) => {
      await ctx.transfers.clear(states, ctx.activeProfileId() ?? '');
      return ctx.transfers.shown();
    },
  };
}
