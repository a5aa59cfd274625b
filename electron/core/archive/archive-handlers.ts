// Export study… (decisions §11): main asks where with its own save dialog (the browser host,
// which has none, writes to the copies folder and offers the file once as a download), writes
// the archive with the study's activity log, reports progress as `archive.progress`, and can be
// cancelled; one export at a time, owned by this app's handlers.
import { basename, join } from 'node:path';
import { UserFacingError } from '../../../shared/app-error.js';
import { cleanFileName } from '../../../shared/file-name.js';
import type { ArchiveExportView } from '../../../shared/ipc/contract/archive.js';
import { verifyArchiveView } from './verify-view.js';
import { toCsv } from '../activity/activity-log.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { exportStudy } from '../../services/archive/export-study.js';
import { archiveChecklist } from '../../services/archive/archive-checklist.js';
import { archiveSignoffs } from '../../services/archive/archive-signoffs.js';
import { SignOffReader } from '../../services/signoffs/signoff-reader.js';
import { pinnedHistory } from '../signoffs/pinned-history.js';
import { computeBinder } from '../binder/binder-handlers.js';
import { releaseUnlessUploading } from '../transfers/release-files.js';

type ArchiveHandlers = Pick<Handlers, 'archive.export' | 'archive.cancel' | 'archive.verify'>;

export function archiveHandlers(ctx: AppContext): ArchiveHandlers {
  let running: AbortController | undefined;
  return {
    'archive.export': async ({ containerId, onlyMine }): Promise<ArchiveExportView> => {
      if (running)
        throw new UserFacingError('busy', 'A study is being exported already.', 'Wait for it, or cancel it.');
      const { saveDialog, offerDownload } = ctx.options.platform;
      if (!saveDialog && !offerDownload)
        throw new UserFacingError(
          'not-available',
          'No save dialog here, so the archive cannot be saved from this window.',
          `Run "study-exchange study export --container ${containerId} --out FILE.zip" on this computer.`,
        );
      const s = await ctx.session();
      const title = await s.studyTitle(containerId);
      const fileName = `${cleanFileName(title, 'study')} archive.zip`;
      const destination = saveDialog ? await saveDialog(fileName) : join(await ctx.copies.newSlot(), fileName);
      if (!destination) return { saved: false };
      const controller = new AbortController();
      running = controller;
      try {
        const own = await s.organizationName(s.client.organizationId);
        const summary = await exportStudy({
          client: s.client,
          keys: s.keys,
          containerId,
          destination,
          exchangeUrl: s.profile.baseUrl,
          exporter: { organizationName: own },
          trustAnchors: await s.trustAnchors(),
          onlyMine,
          audit: async (study) => toCsv((await ctx.activity.list()).filter((e) => e.study === study.title).reverse()),
          signoffs: archiveSignoffs(
            new SignOffReader({
              client: s.client,
              keys: s.keys,
              trustAnchors: () => s.trustAnchors(),
              // a collaborator's sign-offs from before its renewal still verify in the archive
              earlierCertificates: pinnedHistory(() => ctx.pins(s.profile.id)),
            }),
            containerId,
            (id) => s.organizationName(id),
          ),
          checklist: async () => archiveChecklist(await computeBinder(ctx, s, containerId)),
          onProgress: (p) => ctx.emit('archive.progress', { containerId, ...p }),
          signal: controller.signal,
        });
        await ctx.record({
          action: 'export-study',
          ok: true,
          study: title,
          detail: `${summary.documents} documents, ${summary.notIncluded.length} not included`,
        });
        const view: ArchiveExportView = {
          saved: true,
          fileName: basename(destination),
          documents: summary.documents,
          bytes: summary.bytes,
          signoffs: summary.signoffs,
          notIncluded: summary.notIncluded.map((l) => ({ name: l.name ?? l.itemId, reason: l.reason })),
        };
        if (saveDialog) return view;
        const download = offerDownload!(destination, fileName, async () => ctx.copies.remove(destination));
        return { ...view, download };
      } catch (e) {
        if (controller.signal.aborted) return { saved: false };
        throw e;
      } finally {
        running = undefined;
      }
    },
    'archive.cancel': async () => {
      running?.abort();
      return null;
    },
    'archive.verify': async ({ file }) => {
      const chosen = ctx.files.get(file);
      try {
        return await verifyArchiveView(chosen.path, chosen.name);
      } finally {
        // a staged copy (browser host) is deleted, unless an upload reads the same reference
        await releaseUnlessUploading(ctx, [file]);
      }
    },
  };
}
