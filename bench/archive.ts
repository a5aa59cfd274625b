// §6 Study archive: a study of N documents exported as a .zip (decisions §11), against
// downloading the same documents one after another (what the export must keep up with: 80 % or
// more of that throughput), with the client's peak RSS rise during the export (≤ 64 MiB: the
// export streams, one document at a time). Full run: 2,000 documents, 2 GiB.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { mapLimit } from '../shared/map-limit.js';
import { exportStudy } from '../electron/services/archive/export-study.js';
import { importFromPem } from '../electron/services/keys/key-import.js';
import { keyHandle } from '../electron/services/keys/key-vault.js';
import { downloadDocument } from '../electron/services/transfers/document-download.js';
import { newDocumentPath, uploadDocument } from '../electron/services/transfers/document-upload.js';
import { memoryWindow } from './proc-memory.js';
import type { World } from './world.js';

export interface ArchiveFigure {
  readonly documents: number;
  readonly totalMiB: number;
  readonly downloadSeconds: number;
  readonly exportSeconds: number;
  /** Export throughput over download throughput. */
  readonly ratio: number;
  readonly exportDeltaRssMiB: number;
  readonly zipMiB: number;
}

const MIB = 1024 * 1024;

export async function runArchive(
  world: World,
  documents: number,
  bytesEach: number,
  log: (line: string) => void,
): Promise<ArchiveFigure> {
  const { client, org } = world;
  const imported = importFromPem(org.keyPem, org.certPem);
  const keys = keyHandle('bench', imported.privateKey, imported.certificate);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'sx-bench-archive-'));
  try {
    const source = path.join(scratch, 'source.bin');
    await writeFile(source, randomBytes(bytesEach));
    log(`archive: uploading ${documents} documents of ${(bytesEach / MIB).toFixed(2)} MiB`);
    const paths = await mapLimit(
      Array.from({ length: documents }, (_, i) => i),
      4,
      async (i) => {
        const itemPath = newDocumentPath(`folder-${i % 20}`);
        await uploadDocument({
          client,
          containerId: org.containerId,
          path: itemPath,
          file: source,
          name: `document ${i}.bin`,
          wrapForSelf: keys.wrapForSelf,
        });
        return itemPath;
      },
    );

    log('archive: downloading each document in turn');
    const t0 = performance.now();
    for (const [i, itemPath] of paths.entries()) {
      const destination = path.join(scratch, `download-${i % 4}.bin`);
      await downloadDocument({ client, keys, containerId: org.containerId, path: itemPath, destination });
    }
    const downloadSeconds = (performance.now() - t0) / 1000;
    await Promise.all([0, 1, 2, 3].map((n) => rm(path.join(scratch, `download-${n}.bin`), { force: true })));

    log('archive: exporting the study as a zip');
    const zip = path.join(scratch, 'study.zip');
    const memory = memoryWindow('self');
    const t1 = performance.now();
    await exportStudy({
      client,
      keys,
      containerId: org.containerId,
      destination: zip,
      exchangeUrl: org.url,
      exporter: { organizationName: 'Bench IRB' },
      trustAnchors: [],
    });
    const exportSeconds = (performance.now() - t1) / 1000;
    const totalMiB = (documents * bytesEach) / MIB;
    return {
      documents,
      totalMiB,
      downloadSeconds,
      exportSeconds,
      ratio: downloadSeconds / exportSeconds,
      exportDeltaRssMiB: memory.resetOk ? memory.peakDeltaMiB() : NaN,
      zipMiB: (await stat(zip)).size / MIB,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export function archiveSection(a: ArchiveFigure): string {
  const rate = (seconds: number) => `${(a.totalMiB / seconds).toFixed(1)} MiB/s`;
  return [
    '## 6. Study archive (SQLite + files)',
    '',
    `${a.documents} documents, ${a.totalMiB.toFixed(0)} MiB, exported as one .zip (${a.zipMiB.toFixed(0)} MiB), one document at a time.`,
    '',
    '| step | time | throughput |',
    '|---|---|---|',
    `| download each document in turn | ${a.downloadSeconds.toFixed(2)} s | ${rate(a.downloadSeconds)} |`,
    `| export the study (download, verify, zip, SHA256SUMS) | ${a.exportSeconds.toFixed(2)} s | ${rate(a.exportSeconds)} |`,
    '',
    `Export at ${(a.ratio * 100).toFixed(0)} % of the download throughput (target ≥ 80 %); client peak RSS rise during the export ${Number.isNaN(a.exportDeltaRssMiB) ? 'not measured (clear_refs refused)' : `${a.exportDeltaRssMiB.toFixed(1)} MiB`} (target ≤ 64 MiB).`,
  ].join('\n');
}
