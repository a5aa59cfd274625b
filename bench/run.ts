// `npm run bench` (full) or `npm run bench -- --quick`: transfers, listing at scale and signed
// small requests against the reference server, printed as Markdown and saved as JSON to
// bench/results/latest.json. Figures only: nothing here passes or fails.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runListing } from './listing.js';
import { listingSection, requestsSection, transfersSection, type Machine } from './report.js';
import { runRequests } from './requests.js';
import { runTransfers } from './transfers.js';
import { startWorld, type World } from './world.js';

const quick = process.argv.includes('--quick');
/** `--only=transfers,listing` runs just those sections (while working on one figure). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const runs = (section: string): boolean => !only || only.includes(section);
/** `--sizes=200` replaces the transfer sizes (MiB). */
const sizes = process.argv.find((a) => a.startsWith('--sizes='))?.slice('--sizes='.length).split(',').map(Number);
const plan = quick
  ? { sizesMiB: [1, 20], items: 10_000, concurrencies: [1, 8], requests: 200 }
  : { sizesMiB: [1, 50, 200], items: 100_000, concurrencies: [1, 8, 32], requests: 1000 };
if (sizes && sizes.every((n) => Number.isFinite(n) && n > 0)) plan.sizesMiB = sizes;

const started = performance.now();
const log = (line: string): void => {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(1)}s] ${line}\n`);
};

const failures: string[] = [];

/** Runs one section on a fresh world; a failed section is reported, and the others still run. */
async function withWorld<T>(label: string, body: (w: World) => Promise<T>): Promise<T | undefined> {
  const world = await startWorld(label);
  try {
    return await body(world);
  } catch (e) {
    failures.push(`${label}: ${(e as Error).stack ?? String(e)}`);
    log(`${label} failed: ${(e as Error).message}`);
    return undefined;
  } finally {
    await world.close();
  }
}

const machine: Machine = { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version, date: new Date().toISOString() };
log(`${quick ? 'quick' : 'full'} run on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}`);
// A fresh server (and data folder) per section, so one section's data cannot slow another.
const transfers = runs('transfers') ? await withWorld('transfers', (w) => runTransfers(w, plan.sizesMiB, log, { naive: !process.argv.includes('--no-naive') })) : undefined;
const listing = runs('listing') ? await withWorld('listing', (w) => runListing(w, plan.items, log)) : undefined;
const requests = runs('requests') ? await withWorld('requests', (w) => runRequests(w, plan.concurrencies, plan.requests, log)) : undefined;

const results = {
  machine,
  transfers: transfers?.figures ?? [],
  listing: listing?.figure ?? null,
  requests: requests ?? [],
};
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);

console.log(
  [
    `# Study Exchange benchmark (${quick ? 'quick' : 'full'} run)`,
    '',
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.date}`,
    '',
    transfers ? transfersSection(transfers) : `## 1. Document transfers: ${runs('transfers') ? 'failed (below)' : 'not run'}`,
    '',
    listing ? listingSection(listing) : `## 2. Listing at scale: ${runs('listing') ? 'failed (below)' : 'not run'}`,
    '',
    requests ? requestsSection(requests) : `## 3. Signed small requests: ${runs('requests') ? 'failed (below)' : 'not run'}`,
    '',
    ...failures.map((f) => `Failed section — ${f}\n`),
    `Total ${((performance.now() - started) / 1000).toFixed(0)} s. JSON: ${path.relative(process.cwd(), out)}`,
  ].join('\n'),
);
if (failures.length > 0) process.exitCode = 1;
