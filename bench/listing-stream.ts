// The listing as the window gets it: main's items.listOpen / items.listNext handlers (the
// session's client reading the answer as it streams, each page turned into ItemViews), every
// page copied as IPC copies it (structured clone), and the renderer's streamIntoCache plus
// buildTree at each update, as the file browser does. Then a filter keystroke over a folder of
// every item: the renderer's rows sorted once (as the file browser memoizes them), then filtered.
import { performance } from 'node:perf_hooks';
import type { ExchangeApi } from '../shared/ipc/contract.js';
import type { ItemView } from '../shared/ipc/views.js';
import type { AppContext } from '../electron/main/app-context.js';
import { itemHandlers } from '../electron/main/handlers/item-handlers.js';
import type { Session } from '../electron/main/session.js';
import { listingPages, streamIntoCache } from '../renderer/data/items-stream.js';
import { buildTree, folderEntries } from '../renderer/lib/file-tree.js';
import { filterRows, sortRows, toRow } from '../renderer/lib/rows.js';

export interface StreamedListing {
  /** From asking for the listing to the first page of ItemViews in the renderer's cache, its tree built. */
  readonly firstRowsSeconds: number;
  readonly firstRows: number;
  /** To the whole list in the cache and its tree built. */
  readonly wholeTreeSeconds: number;
  readonly updates: number;
  readonly items: ItemView[];
}

/** The window's side of the door, in-process: the handlers' answers cloned as IPC clones them. */
function inProcessApi(session: Session): ExchangeApi {
  const handlers = itemHandlers({ session: async () => session } as unknown as AppContext);
  return {
    'items.listOpen': async (args: { containerId: string }) => ({ ok: true, value: structuredClone(await handlers['items.listOpen'](args)) }),
    'items.listNext': async (args: { listingId: string }) => ({ ok: true, value: structuredClone(await handlers['items.listNext'](args)) }),
  } as unknown as ExchangeApi;
}

export async function streamListing(session: Session, containerId: string): Promise<StreamedListing> {
  const t = performance.now();
  let first: { at: number; rows: number } | undefined;
  let updates = 0;
  const whole = await streamIntoCache(listingPages(inProcessApi(session), containerId), undefined, (cache) => {
    buildTree(cache.items);
    updates++;
    first ??= { at: performance.now(), rows: cache.items.length };
  });
  const wholeTreeSeconds = (performance.now() - t) / 1000;
  return { firstRowsSeconds: ((first?.at ?? performance.now()) - t) / 1000, firstRows: first?.rows ?? 0, wholeTreeSeconds, updates, items: whole.items };
}

/** The slowest of the keystrokes typing `typed` into the filter of a folder holding every item. */
export function filterKeystroke(items: readonly ItemView[], typed: string): { readonly slowestMs: number; readonly rows: number; readonly matched: number } {
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
