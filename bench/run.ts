// `npm run bench` (full) or `npm run bench -- --quick`: transfers, listing at scale and signed
// small requests against the reference server, on SQLite + files and on PostgreSQL
// (`--store=sqlite|postgres` for one), printed as Markdown and saved as JSON to
// bench/results/latest.json. Figures only: nothing here passes or fails.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runListing } from './listing.js';
import {
  listingSection,
  receiptsSection,
  refreshSection,
  requestsSection,
  transfersSection,
  type Machine,
} from './report.js';
import { runReceipts, type ReceiptsFigure } from './receipts.js';
import { archiveSection, runArchive, type ArchiveFigure } from './archive.js';
import { runSignOffs, signOffsSection, type SignOffsFigure } from './signoffs.js';
import { binderSection, runBinder, type BinderFigure } from './binder.js';
import { runRefresh } from './refresh.js';
import { runRequests } from './requests.js';
import { runTransfers } from './transfers.js';
import type { StoreKind } from '../server/store/store.js';
import { DEPLOYMENT_SETTINGS, startPgCluster } from '../server/test-support/pg-cluster.js';
import { startWorld, type BenchStore, type World } from './world.js';

const quick = process.argv.includes('--quick');
/** `--only=transfers,listing` runs just those sections (while working on one figure). */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (section: string): boolean => !only || only.includes(section);
/** `--sizes=200` replaces the transfer sizes (MiB). */
const sizes = process.argv
  .find((a) => a.startsWith('--sizes='))
  ?.slice('--sizes='.length)
  .split(',')
  .map(Number);
const plan = quick
  ? { sizesMiB: [1, 20], items: 10_000, concurrencies: [1, 8], requests: 200 }
  : { sizesMiB: [1, 50, 200], items: 100_000, concurrencies: [1, 8, 32], requests: 1000 };
if (sizes && sizes.every((n) => Number.isFinite(n) && n > 0)) plan.sizesMiB = sizes;

const started = performance.now();
const settingsText = (s: Readonly<Record<string, string>>): string =>
  Object.entries(s)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
const log = (line: string): void => {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(1)}s] ${line}\n`);
};

const failures: string[] = [];

/** `--store=sqlite` or `--store=postgres` runs one store; without it both run. */
const storeFlag = process.argv.find((a) => a.startsWith('--store='))?.slice('--store='.length);
if (storeFlag !== undefined && storeFlag !== 'sqlite' && storeFlag !== 'postgres')
  throw new Error(`--store must be sqlite or postgres, not ${storeFlag}`);
const stores: StoreKind[] = storeFlag ? [storeFlag] : ['sqlite', 'postgres'];
const STORE_NAMES: Record<StoreKind, string> = { sqlite: 'SQLite + files', postgres: 'PostgreSQL' };

/** Runs one section on a fresh world; a failed section is reported, and the others still run. */
async function withWorld<T>(label: string, on: BenchStore, body: (w: World) => Promise<T>): Promise<T | undefined> {
  const world = await startWorld(label, on);
  try {
    return await body(world);
  } catch (e) {
    failures.push(`${label} (${on.kind}): ${(e as Error).stack ?? String(e)}`);
    log(`${label} (${on.kind}) failed: ${(e as Error).message}`);
    return undefined;
  } finally {
    await world.close();
  }
}

const machine: Machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  node: process.version,
  date: new Date().toISOString(),
};
log(
  `${quick ? 'quick' : 'full'} run on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; stores: ${stores.join(', ')}`,
);

interface StoreRun {
  readonly transfers?: Awaited<ReturnType<typeof runTransfers>>;
  readonly listing?: Awaited<ReturnType<typeof runListing>>;
  readonly requests?: Awaited<ReturnType<typeof runRequests>>;
  readonly refresh?: Awaited<ReturnType<typeof runRefresh>>;
}
const byStore: Partial<Record<StoreKind, StoreRun>> = {};
// A throw-away cluster of the bench's own (never a system cluster), with the settings README
// recommends for a deployment (fsync on), not the tests' fast ones; BENCH_PG=test for those.
// BENCH_PG_SETTINGS="name=value,…" changes settings over those, to measure one.
const pgSettings = process.env.BENCH_PG === 'test' ? 'test' : 'deployment';
const pgOverrides = Object.fromEntries(
  (process.env.BENCH_PG_SETTINGS ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('=') as [string, string]),
);
const cluster = stores.includes('postgres')
  ? await startPgCluster({ deployment: pgSettings === 'deployment', settings: pgOverrides })
  : undefined;
const postmasterPid = cluster
  ? Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  : undefined;
try {
  for (const kind of stores) {
    const on: BenchStore = { kind, ...(cluster ? { adminUrl: cluster.adminUrl } : {}) };
    log(`store: ${STORE_NAMES[kind]}`);
    // A fresh server (and store) per section, so one section's data cannot slow another.
    const transfers = runs('transfers')
      ? await withWorld('transfers', on, (w) =>
          runTransfers(w, plan.sizesMiB, log, {
            naive: !process.argv.includes('--no-naive'),
            ...(kind === 'postgres' && postmasterPid ? { databasePid: postmasterPid } : {}),
          }),
        )
      : undefined;
    const listing = runs('listing') ? await withWorld('listing', on, (w) => runListing(w, plan.items, log)) : undefined;
    // on PostgreSQL also with two server processes on the one database, as behind a load balancer
    const requests = runs('requests')
      ? await withWorld('requests', on, (w) =>
          runRequests(w, plan.concurrencies, plan.requests, log, kind === 'postgres'),
        )
      : undefined;
    // main's shared refresh: 200 studies × 500 items, 20 changed
    const refresh = runs('refresh')
      ? await withWorld('refresh', on, (w) => runRefresh(w, 200, 500, 20, log))
      : undefined;
    byStore[kind] = {
      ...(refresh ? { refresh } : {}),
      ...(transfers ? { transfers } : {}),
      ...(listing ? { listing } : {}),
      ...(requests ? { requests } : {}),
    };
  }
} finally {
  cluster?.destroy();
}

// A study exported as a zip against downloading the same documents (SQLite: the client's figure).
let archive: ArchiveFigure | undefined;
if (runs('archive')) {
  archive = await withWorld('archive', { kind: 'sqlite' }, (w) =>
    quick ? runArchive(w, 100, 1024 * 1024, log) : runArchive(w, 2000, Math.ceil((2 * 1024 ** 3) / 2000), log),
  );
}

// The report is computed by the client from what was listed: one run, no store involved.
let receipts: ReceiptsFigure | undefined;
if (runs('receipts')) {
  try {
    receipts = await runReceipts(1000, 10, log);
  } catch (e) {
    failures.push(`receipts: ${(e as Error).stack ?? String(e)}`);
  }
}

let signOffs: SignOffsFigure | undefined;
if (runs('signoffs')) {
  try {
    signOffs = await runSignOffs(1000, 10, log);
  } catch (e) {
    failures.push(`signoffs: ${(e as Error).stack ?? String(e)}`);
  }
}

let binder: BinderFigure | undefined;
if (runs('binder')) {
  try {
    binder = await runBinder(200, 40, 200, log);
  } catch (e) {
    failures.push(`binder: ${(e as Error).stack ?? String(e)}`);
  }
}

const shapeOf = (r: StoreRun = {}) => ({
  transfers: r.transfers?.figures ?? [],
  listing: r.listing?.figure ?? null,
  requests: r.requests ?? [],
  refresh: r.refresh ?? null,
});
// issue 8's shape for the first store run, and every store's under `stores`
const results = {
  machine,
  ...shapeOf(byStore[stores[0]!]),
  stores: Object.fromEntries(stores.map((kind) => [kind, shapeOf(byStore[kind])])),
  receipts: receipts ?? null,
  archive: archive ?? null,
  signOffs: signOffs ?? null,
  binder: binder ?? null,
};
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);

const sections = stores.flatMap((kind) => {
  const r = byStore[kind] ?? {};
  const name = stores.length > 1 ? STORE_NAMES[kind] : '';
  return [
    r.transfers
      ? transfersSection(r.transfers, name)
      : `## 1. Document transfers${name ? ` — ${name}` : ''}: ${runs('transfers') ? 'failed (below)' : 'not run'}`,
    '',
    r.listing
      ? listingSection(r.listing, name)
      : `## 2. Listing at scale${name ? ` — ${name}` : ''}: ${runs('listing') ? 'failed (below)' : 'not run'}`,
    '',
    r.requests
      ? requestsSection(r.requests, name)
      : `## 3. Signed small requests${name ? ` — ${name}` : ''}: ${runs('requests') ? 'failed (below)' : 'not run'}`,
    '',
    r.refresh
      ? refreshSection(r.refresh, name)
      : `## 4. Shared refresh${name ? ` — ${name}` : ''}: ${runs('refresh') ? 'failed (below)' : 'not run'}`,
    '',
  ];
});

console.log(
  [
    `# Study Exchange benchmark (${quick ? 'quick' : 'full'} run)`,
    '',
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.date}`,
    ...(cluster
      ? [
          '',
          `PostgreSQL: ${pgSettings === 'deployment' ? `a deployment's settings (${settingsText(DEPLOYMENT_SETTINGS)})` : "the tests' settings (fsync=off, shared_buffers=64MB)"}${process.env.BENCH_PG_SETTINGS ? `, and ${settingsText(pgOverrides)}` : ''}`,
        ]
      : []),
    '',
    ...sections,
    receipts
      ? receiptsSection(receipts)
      : `## 5. Distribution report: ${runs('receipts') ? 'failed (below)' : 'not run'}`,
    '',
    archive ? archiveSection(archive) : `## 6. Study archive: ${runs('archive') ? 'failed (below)' : 'not run'}`,
    '',
    signOffs ? signOffsSection(signOffs) : `## 7. Sign-offs: ${runs('signoffs') ? 'failed (below)' : 'not run'}`,
    '',
    binder ? binderSection(binder) : `## 8. Binder: ${runs('binder') ? 'failed (below)' : 'not run'}`,
    '',
    ...failures.map((f) => `Failed section — ${f}\n`),
    `Total ${((performance.now() - started) / 1000).toFixed(0)} s. JSON: ${path.relative(process.cwd(), out)}`,
  ].join('\n'),
);
if (failures.length > 0) process.exitCode = 1;
