// Study archives from the command line (docs/protocol.md, "A study archive"):
// `study export --container ID --out DIR|FILE.zip [--only-mine]` and `archive verify DIR|FILE.zip`.
import path from 'node:path';
import { ActivityLog, toCsv } from '../core/activity/activity-log.js';
import { archiveSignoffs } from '../services/archive/archive-signoffs.js';
import { exportStudy } from '../services/archive/export-study.js';
import { SignOffReader } from '../services/signoffs/signoff-reader.js';
import { verdictLines, verifyArchive } from '../services/archive/verify-archive.js';
import { UserFacingError } from '../../shared/app-error.js';
import { UsageError, boolFlag, requireFlag, word } from './args.js';
import type { CliContext } from './context.js';
import { shown } from './format.js';

const MB = 1024 * 1024;

export async function studyCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'study subcommand (export)');
  if (sub !== 'export') throw new UsageError(`Unknown study subcommand "${sub}".`);
  const containerId = await ctx.container();
  const destination = path.resolve(requireFlag(ctx.args, 'out'));
  const session = await ctx.open();
  const trustAnchors = await ctx.trustAnchors();
  const directory = new Map((await session.client.listOrganizations()).map((o) => [o.id, o.name]));
  const activity = new ActivityLog(path.join(ctx.dataDir, 'activity.jsonl'));
  let shownAt = 0;
  const summary = await exportStudy({
    client: session.client,
    keys: session.keys,
    containerId,
    destination,
    exchangeUrl: session.profile?.baseUrl ?? '',
    exporter: { organizationName: directory.get(session.client.organizationId) ?? session.client.organizationId },
    trustAnchors,
    onlyMine: boolFlag(ctx.args, 'only-mine'),
    signoffs: archiveSignoffs(
      new SignOffReader({ client: session.client, keys: session.keys, trustAnchors: async () => trustAnchors }),
      containerId,
      async (id) => directory.get(id) ?? id,
    ),
    audit: async (study) => toCsv((await activity.list()).filter((e) => e.study === study.title).reverse()),
    onProgress: (p) => {
      // a line now and then, not one per block
      if (p.documentsDone !== shownAt || p.documentsDone === p.documentsTotal) {
        shownAt = p.documentsDone;
        ctx.progress(
          `${p.documentsDone} of ${p.documentsTotal} documents, ${(p.bytesDone / MB).toFixed(1)} of ${(p.bytesTotal / MB).toFixed(1)} MB\n`,
        );
      }
    },
  });
  ctx.print(summary, () =>
    [
      `Archive written: ${summary.destination}`,
      `${summary.documents} documents (${(summary.bytes / MB).toFixed(1)} MB), ${summary.signoffs} sign-offs.`,
      ...(summary.notIncluded.length
        ? [
            `Not included (${summary.notIncluded.length}), named in manifest.json and index.html:`,
            ...summary.notIncluded.map((l) => `  ${shown(l.name ?? l.itemId)}: ${shown(l.reason)}`),
          ]
        : []),
      summary.destination.toLowerCase().endsWith('.zip')
        ? `Check it: unzip it and run sh verify.sh inside, or study-exchange archive verify ${summary.destination}`
        : `Check it: sh ${path.join(summary.destination, 'verify.sh')}, or study-exchange archive verify ${summary.destination}`,
    ].join('\n'),
  );
}

export async function archiveCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'archive subcommand (verify)');
  if (sub !== 'verify') throw new UsageError(`Unknown archive subcommand "${sub}".`);
  const location = path.resolve(word(ctx.args, 2, 'archive folder or .zip'));
  const verdict = await verifyArchive(location);
  ctx.print(verdict, () => verdictLines(verdict).trimEnd());
  if (verdict.failed > 0)
    throw new UserFacingError(
      'archive-invalid',
      `${verdict.failed} check(s) of the archive failed.`,
      'See the lines marked FAILED above.',
    );
}
