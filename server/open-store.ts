// Which store a server or a command works on: a data folder (SQLite and content files) or
// a PostgreSQL database shared by every server process of a deployment.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../shared/protocol/process-alive.js';
import { openPostgresStore } from './store/postgres/pg-store.js';
import { openDataFolder, type OpenedStore } from './opened-store.js';
import type { StoreOptions } from './store/store.js';

export type { OpenedStore, StoreOptions };

export async function openStore(o: StoreOptions, log: (line: string) => void): Promise<OpenedStore> {
  if ((o.dataDir === undefined) === (o.databaseUrl === undefined))
    throw new Error('Give either a data folder or a database URL.');
  if (o.dataDir !== undefined) return openDataFolder(o.dataDir, log);
  const store = await openPostgresStore(o.databaseUrl!, { log, migrate: true });
  // the only state of a server process on PostgreSQL: bodies while they arrive, gone on exit
  const swept = sweepUploadFolders();
  if (swept > 0) log(`start-up sweep removed ${swept} upload folder(s) of server processes that are gone`);
  const tmpDir = mkdtempSync(join(tmpdir(), `${UPLOADS}${process.pid}-`));
  return { store, tmpDir, release: () => rmSync(tmpDir, { recursive: true, force: true }) };
}

const UPLOADS = 'exchange-uploads-';

/** Upload folders left by server processes that were killed (their pid is in the name). */
function sweepUploadFolders(): number {
  let removed = 0;
  for (const name of readdirSync(tmpdir())) {
    const pid = name.startsWith(UPLOADS) ? Number(name.slice(UPLOADS.length).split('-')[0]) : NaN;
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || processAlive(pid)) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
