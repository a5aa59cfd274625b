// Section 2: listing at scale. Items go straight into the server's store (the tests' store
// probe: SQLite's insertItem / replaceItem, or batched rows in PostgreSQL), then the client lists them as the app does: listItems(recurse) in main, the
// wire items turned into ItemViews (main's itemView), cached (fromFullList) and built into the
// renderer's tree (buildTree). Before that, the listing as the window gets it while it streams
// (listing-stream.ts): first rows, whole tree, and a filter keystroke over every item.
// Then 100 items change and a `since` refresh fetches them.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Item } from '../shared/types.js';
import { encryptBytes, newItemKey } from '../shared/protocol/envelope.js';
import { probeStore } from '../server/test-support/store-probe.js';
import { itemView } from '../electron/core/studies/views.js';
import type { Session } from '../electron/core/profiles/session.js';
import { HeaderCache } from '../electron/core/studies/header-cache.js';
import { fromFullList, withChanges } from '../renderer/features/file-manager/items-cache.js';
import { buildTree } from '../renderer/lib/file-tree.js';
import { filterKeystroke, startMainProcess, streamListing, type StreamedListing } from './listing-stream.js';
import { rawListItems } from './raw-list.js';
import type { World } from './world.js';

export interface ListingFigure {
  readonly items: number;
  readonly serverSeconds: number;
  readonly treeBuildSeconds: number;
  readonly sinceSeconds: number;
  /** Streamed as the app does: the first page of ItemViews in the renderer's cache, its tree built. */
  readonly firstRowsSeconds: number;
  /** Streamed: the whole list in the renderer's cache and its tree built (answer + tree). */
  readonly wholeTreeSeconds: number;
  /** The slowest keystroke of a filter typed over a folder of every item. */
  readonly filterKeystrokeMs: number;
}

export interface ListingRun {
  readonly figure: ListingFigure;
  /** The server's own handling time (its request log) of the full listing and of the refresh. */
  readonly serverLogMs: { readonly list?: number; readonly since?: number };
  readonly responseMiB: number;
  readonly sinceReturned: number;
  /** Merge of the 100 changes into the cache plus the tree updated, as the renderer does after a refresh. */
  readonly refreshRebuildSeconds: number;
  readonly folders: number;
  /** Rows in the first page shown, and how often the list and tree were shown while it streamed. */
  readonly firstRows: number;
  readonly streamUpdates: number;
  readonly filter: { readonly typed: string; readonly rows: number; readonly matched: number };
  /** Every timed run behind the medians in `figure`, in the order run (the spread beside the median). */
  readonly runs: {
    readonly serverSeconds: number[];
    readonly treeBuildSeconds: number[];
    readonly firstRowsSeconds: number[];
    readonly wholeTreeSeconds: number[];
  };
  /** Why the client core's listItems failed on the full listing (the figures then come from rawListItems). */
  readonly clientRefused?: string;
}

const sha = (): string => randomBytes(32).toString('hex');

/** Fields as a real upload leaves them: an encrypted header, hashes, a 2048-bit RSA-wrapped key. */
function realisticFields(i: number) {
  const k = newItemKey();
  const header = {
    type: 'document',
    version: 'IRBX.2',
    name: `Visit report ${i}`,
    fileName: `visit-report-${i}.pdf`,
    mediaType: 'application/pdf',
    size: 100_000 + i,
  };
  return {
    header: encryptBytes(Buffer.from(JSON.stringify(header)), k).toString('base64'),
    headerHash: sha(),
    contentHash: sha(),
    keyHash: sha(),
    iv: k.iv.toString('hex'),
    key: randomBytes(256).toString('base64'),
    contentLength: 140_000 + i,
  };
}

export async function seedItems(world: World, count: number): Promise<void> {
  const start = Date.now() - 30 * 24 * 3600 * 1000;
  // 20 sites x 50 visits; documents live at folder/<32 hex> as the app stores them
  const items = Array.from({ length: count }, (_, i) => ({
    path: `site-${String(i % 20).padStart(2, '0')}|visit-${String(Math.floor(i / 20) % 50).padStart(2, '0')}|${randomBytes(16).toString('hex')}`,
    ...realisticFields(i),
  }));
  const probe = probeStore(world.store);
  try {
    await probe.insertItems(world.org.containerId, world.org.orgId, items, start);
  } finally {
    await probe.close();
  }
}

/** Replaces `count` items (new key, header, hashes) at the server's current time. */
async function changeItems(world: World, paths: readonly string[]): Promise<void> {
  const probe = probeStore(world.store);
  try {
    await probe.replaceItems(
      world.org.containerId,
      paths.map((path, i) => ({ path, ...realisticFields(i) })),
      Date.now(),
    );
  } finally {
    await probe.close();
  }
}

const seconds = (since: number): number => (performance.now() - since) / 1000;

/** Timed runs of the streamed listing, the server answer and the tree build: one run is at the mercy of a GC or a neighbour. */
const STREAMED_RUNS = 3;
const ANSWER_RUNS = 3;
const TREE_RUNS = 5;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function runListing(world: World, count: number, log: (line: string) => void): Promise<ListingRun> {
  log(`listing: inserting ${count.toLocaleString('en')} items`);
  await seedItems(world, count);
  const { client, org } = world;
  // itemView needs only the profile and its header cache when it does not decrypt
  const session = { profile: { organizationId: org.orgId }, headers: new HeaderCache() } as unknown as Session;

  // the seeding blocked this process: let a cheap request replace any connection the server closed meanwhile
  await client.getContainer(org.containerId);
  // A warm-up listing, not timed (as the transfers warm up): the figures below are those of a
  // running app and server, not of the first read after the bulk insert, whichever comes first.
  log('listing: warm-up listing');
  const main = await startMainProcess(org);
  const streamedRuns: StreamedListing[] = [];
  try {
    await streamListing(main, org.containerId);
    for (let r = 1; r <= STREAMED_RUNS; r++) {
      log(`listing: streamed to the window (items.listOpen / items.listNext), run ${r} of ${STREAMED_RUNS}`);
      streamedRuns.push(await streamListing(main, org.containerId));
    }
  } finally {
    await main.close();
  }
  // the run whose whole tree is the median stands for the others (its first rows and updates with it)
  const streamed = [...streamedRuns].sort((a, b) => a.wholeTreeSeconds - b.wholeTreeSeconds)[STREAMED_RUNS >> 1]!;
  if (streamed.items.length !== count)
    throw new Error(`the streamed listing gave ${streamed.items.length} items, expected ${count}`);
  const typed = 'a3f';
  const filter = filterKeystroke(streamed.items, typed);
  let t = 0;
  let clientRefused: string | undefined;
  let listed: Item[] = [];
  const answerSeconds: number[] = [];
  const answerLogMs: number[] = [];
  for (let r = 1; r <= ANSWER_RUNS; r++) {
    log(`listing: items list --recurse, run ${r} of ${ANSWER_RUNS}`);
    listed = [];
    const listMark = world.server.mark();
    t = performance.now();
    try {
      if (clientRefused) throw new Error(clientRefused);
      listed = (await client.listItems(org.containerId, undefined, { recurse: true })) as Item[];
    } catch (e) {
      // the client core could not take the answer: say so, and time the same request without its cap
      if (!clientRefused)
        log(
          `listing: the client refused the answer (${(e as Error).message}); timing the same signed request without the cap`,
        );
      clientRefused = (e as Error).message;
      t = performance.now();
      listed = await rawListItems(org);
    }
    answerSeconds.push(seconds(t));
    const ms = await world.server.requestMsAfter(`/containers/${org.containerId}/items `, listMark);
    if (ms !== undefined) answerLogMs.push(ms);
    if (listed.length !== count) throw new Error(`listed ${listed.length} items, expected ${count}`);
  }
  const serverSeconds = median(answerSeconds);
  const listMs = answerLogMs.length ? median(answerLogMs) : undefined;
  const responseMiB = Buffer.byteLength(JSON.stringify(listed)) / 1024 / 1024;

  log(`listing: tree build, ${TREE_RUNS} runs`);
  const treeRuns: number[] = [];
  let cache = fromFullList([]);
  let tree = buildTree(cache.items);
  for (let r = 0; r < TREE_RUNS; r++) {
    t = performance.now();
    cache = fromFullList(listed.map((i) => itemView(session, org.containerId, i, false)));
    tree = buildTree(cache.items);
    treeRuns.push(seconds(t));
  }
  const treeBuildSeconds = median(treeRuns);

  const changed = listed
    .filter((_, i) => i % Math.floor(count / 100) === 0)
    .slice(0, 100)
    .map((i) => i.id);
  await changeItems(world, changed);
  log('listing: since refresh');
  const sinceMark = world.server.mark();
  t = performance.now();
  const fresh = clientRefused
    ? await rawListItems(org, cache.since!)
    : ((await client.listItems(org.containerId, undefined, { recurse: true, since: cache.since! })) as Item[]);
  const sinceSeconds = seconds(t);
  const sinceMs = await world.server.requestMsAfter(`/containers/${org.containerId}/items `, sinceMark);
  if (fresh.length < 100) throw new Error(`the since refresh returned ${fresh.length} items, expected at least 100`);

  t = performance.now();
  const next = withChanges(
    cache,
    fresh.map((i) => itemView(session, org.containerId, i, false)),
  );
  const rebuilt = buildTree(next.items);
  const refreshRebuildSeconds = seconds(t);
  if (rebuilt.items.size !== count) throw new Error(`the refreshed tree holds ${rebuilt.items.size} items`);

  return {
    figure: {
      items: count,
      serverSeconds,
      treeBuildSeconds,
      sinceSeconds,
      firstRowsSeconds: streamed.firstRowsSeconds,
      wholeTreeSeconds: streamed.wholeTreeSeconds,
      filterKeystrokeMs: filter.slowestMs,
    },
    serverLogMs: {
      ...(listMs !== undefined ? { list: listMs } : {}),
      ...(sinceMs !== undefined ? { since: sinceMs } : {}),
    },
    responseMiB,
    sinceReturned: fresh.length,
    refreshRebuildSeconds,
    folders: tree.folders.size,
    firstRows: streamed.firstRows,
    streamUpdates: streamed.updates,
    filter: { typed, rows: filter.rows, matched: filter.matched },
    runs: {
      serverSeconds: answerSeconds,
      treeBuildSeconds: treeRuns,
      firstRowsSeconds: streamedRuns.map((s) => s.firstRowsSeconds),
      wholeTreeSeconds: streamedRuns.map((s) => s.wholeTreeSeconds),
    },
    ...(clientRefused ? { clientRefused } : {}),
  };
}
