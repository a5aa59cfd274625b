// The listing as the window gets it: main's items.listOpen / items.listNext handlers (the
// session's client reading the answer as it streams, each page turned into ItemViews) in a
// process of their own, every page crossing by IPC with 'advanced' serialization (the structured
// clone Electron's IPC makes), and the renderer's streamIntoCache plus buildTree at each update, as the file browser
// does. Then a filter keystroke over a folder of every item: the renderer's rows sorted once
// (as the file browser memoizes them), then filtered.
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ExchangeApi } from '../shared/ipc/contract.js';
import type { ItemView } from '../shared/ipc/views.js';
import type { ItemsCache } from '../renderer/features/file-manager/items-cache.js';
import { listingPages, streamIntoCache } from '../renderer/features/file-manager/items-stream.js';
import { buildTree, folderEntries } from '../renderer/lib/file-tree.js';
import { filterRows, sortRows, toRow } from '../renderer/lib/rows.js';
import type { MainCall, MainOp } from './listing-main-child.js';
import type { OrgJob } from './world.js';

export interface StreamedListing {
  /** From asking for the listing to the first page of ItemViews in the renderer's cache, its tree built. */
  readonly firstRowsSeconds: number;
  readonly firstRows: number;
  /** To the whole list in the cache and its tree built. */
  readonly wholeTreeSeconds: number;
  readonly updates: number;
  readonly items: ItemView[];
}

export interface MainProcess {
  readonly api: ExchangeApi;
  close(): Promise<void>;
}

/** Main in a process of its own (listing-main-child.ts), called as the window calls it. */
export async function startMainProcess(job: OrgJob): Promise<MainProcess> {
  const child = fork(fileURLToPath(new URL('./listing-main-child.ts', import.meta.url)), [JSON.stringify(job)], {
    // BENCH_MAIN_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles main's side.
    execArgv: [...(process.env.BENCH_MAIN_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const answers = new Map<number, (answer: unknown) => void>();
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`listing-main-child exited with ${code}`)));
    child.on('message', (m: 'ready' | { id: number }) => (m === 'ready' ? resolve() : answers.get(m.id)?.(m)));
  });
  let next = 0;
  const ask = (op: MainOp) => (args: Record<string, unknown>) =>
    new Promise((resolve) => {
      const id = next++;
      answers.set(id, (answer) => {
        answers.delete(id);
        resolve(answer);
      });
      child.send({ id, op, args } satisfies MainCall);
    });
  const api = {
    'items.listOpen': ask('items.listOpen'),
    'items.listNext': ask('items.listNext'),
    'items.listClose': ask('items.listClose'),
  } as unknown as ExchangeApi;
  return {
    api,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
    },
  };
}

export async function streamListing(main: MainProcess, containerId: string): Promise<StreamedListing> {
  const t = performance.now();
  let first: { at: number; rows: number } | undefined;
  let updates = 0;
  let shown: ItemsCache | undefined;
  const whole = await streamIntoCache(listingPages(main.api, containerId), {
    read: () => shown,
    write: (cache) => {
      shown = cache;
      buildTree(cache.items);
      updates++;
      first ??= { at: performance.now(), rows: cache.items.length };
    },
  });
  const wholeTreeSeconds = (performance.now() - t) / 1000;
  return {
    firstRowsSeconds: ((first?.at ?? performance.now()) - t) / 1000,
    firstRows: first?.rows ?? 0,
    wholeTreeSeconds,
    updates,
    items: whole.items,
  };
}

/** The slowest of the keystrokes typing `typed` into the filter of a folder holding every item. */
export function filterKeystroke(
  items: readonly ItemView[],
  typed: string,
): { readonly slowestMs: number; readonly rows: number; readonly matched: number } {
  // every item in one folder: the worst case for a filter (not timed)
  const flat = buildTree(items.map((i) => ({ ...i, path: i.path.replaceAll('/', '-') })));
  const rows = folderEntries(flat, '').map((e) => toRow(e, { names: new Map() }));
  const sorted = sortRows(rows, { column: 'name', direction: 'asc' });
  let slowestMs = 0;
  let matched = 0;
  for (let n = 1; n <= typed.length; n++) {
    const t = performance.now();
    matched = filterRows(sorted, typed.slice(0, n)).length;
    slowestMs = Math.max(slowestMs, performance.now() - t);
  }
  return { slowestMs, rows: sorted.length, matched };
}
