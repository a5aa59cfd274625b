// The PostgreSQL store phase of an upload on its own: a 200 MiB file into chunk rows by the
// server's writeChunks, then COMMIT, in a throw-away cluster; wall and CPU time (this process
// and every process of the cluster) per round. `npx tsx bench/pg-store-phase.ts [test]`:
// README's deployment settings, or the tests' with `test`; BENCH_PG_SETTINGS="name=value,…"
// changes some. Figures only.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { newId } from '../server/store/ids.js';
import { migrateDatabase } from '../server/store/postgres/pg-migrate.js';
import { writeChunks } from '../server/store/postgres/pg-content.js';
import { createDatabase, startPgCluster } from '../server/test-support/pg-cluster.js';
import { cpuSeconds, treeCpuSeconds } from './proc-memory.js';

const MIB = 1024 * 1024;
const deployment = process.argv[2] !== 'test';
const settings = Object.fromEntries(
  (process.env.BENCH_PG_SETTINGS ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('=') as [string, string]),
);
const cluster = await startPgCluster({ deployment, settings });
const dir = mkdtempSync(path.join(tmpdir(), 'pg-store-phase-'));
try {
  const postmaster = Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const url = await createDatabase(cluster.adminUrl, 'store_phase');
  await migrateDatabase(url);
  const file = path.join(dir, 'content.bin');
  writeFileSync(file, Buffer.concat(Array.from({ length: 200 }, () => randomBytes(MIB))));
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  console.log(
    `${deployment ? 'deployment' : "tests'"} settings${Object.keys(settings).length ? ` and ${JSON.stringify(settings)}` : ''}`,
  );
  for (let round = 0; round < 4; round++) {
    const database0 = treeCpuSeconds(postmaster);
    const own0 = cpuSeconds();
    const t0 = performance.now();
    await db.query('BEGIN');
    await writeChunks(db as unknown as pg.PoolClient, newId(), file);
    const t1 = performance.now();
    await db.query('COMMIT');
    const t2 = performance.now();
    console.log(
      `round ${round}: COPY ${((t1 - t0) / 1000).toFixed(2)} s, COMMIT ${((t2 - t1) / 1000).toFixed(2)} s; CPU PostgreSQL ${(treeCpuSeconds(postmaster) - database0).toFixed(2)} s, this process ${(cpuSeconds() - own0).toFixed(2)} s`,
    );
  }
  await db.end();
} finally {
  cluster.destroy();
  rmSync(dir, { recursive: true, force: true });
}
