// "Find in all studies" in main: the studies' titles, the documents' file names and the records'
// names of every item this session can list, kept in memory only (never written to disk),
// refreshed when older than a few seconds so typing does not list every study on each keystroke.
import { setImmediate as nextTurn, setTimeout as delay } from 'node:timers/promises';
import { shownName } from '../../../shared/headers.js';
import { GrowingEntries, prepareEntries, rankGrowing, rankPrepared, type PreparedEntries } from '../../../shared/search-rank.js';
import type { SearchAnswer } from '../../../shared/ipc/views.js';
import { STUDY_RECORD_PATH } from '../../../shared/study-record.js';
import type { Item } from '../../../shared/types.js';
import type { Session } from '../session.js';
import { itemView } from './views.js';

/**
 * Headers opened between two turns of the event loop: each new one costs an RSA unwrap (about a
 * millisecond), so a study of 100,000 items is opened in small batches and main keeps answering
 * the window meanwhile. Opened headers stay in the session's header cache, so a rebuild opens
 * only what is new or changed.
 */
const DECRYPT_BATCH = 100;
const FRESH_MS = 15_000;
/** How long a search waits for a build before answering with what is read so far: small profiles never show progress. */
const PATIENCE_MS = 300;

interface Index {
  readonly at: number;
  /** Sorted and folded once per build, so a keystroke over 100,000 items is one pass. */
  readonly entries: PreparedEntries;
}

/** An index being built: searched as it grows, so the first search of a large study answers at once. */
interface Progress {
  readonly growing: GrowingEntries;
  /** Items read, of those listed so far (every study is listed before any header is opened). */
  opened: number;
  total: number;
}

interface Build extends Progress {
  readonly done: Promise<Index>;
}

interface SearchState {
  complete?: Index;
  build?: Build;
}

const states = new WeakMap<Session, SearchState>();

/** Adds an entry per item of one study, opening the headers not yet opened. */
async function addStudyEntries(b: Progress, s: Session, containerId: string, studyTitle: string, items: readonly Item[]): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % DECRYPT_BATCH === 0) await nextTurn();
    const item = items[i]!;
    b.opened++;
    if (item.id === STUDY_RECORD_PATH) continue;
    const view = itemView(s, containerId, item, true);
    const h = view.decryptedHeader;
    // the sender's name, cleaned like every name shown (no bidi overrides in a result)
    const name = shownName(h, '');
    b.growing.push({ containerId, studyTitle, itemPath: view.path, name: name || view.path.slice(view.path.lastIndexOf('/') + 1), kind: h?.type === 'document' || !h ? 'document' : 'record' });
  }
}

function startBuild(s: Session, st: SearchState): Build {
  const b: Progress = { growing: new GrowingEntries(), opened: 0, total: 0 };
  const run = async (): Promise<Index> => {
    const listed: { id: string; title: string; items: Item[] }[] = [];
    for (const c of await s.client.listContainers()) {
      // the session's title cache: no study record read per study on every rebuild
      const title = await s.studyTitle(c.id);
      b.growing.push({ containerId: c.id, studyTitle: title, itemPath: '', name: title, kind: 'study' });
      try {
        const items = await s.client.listItems(c.id, undefined, { recurse: true });
        listed.push({ id: c.id, title, items: Array.isArray(items) ? items : [items] });
        b.total += listed.at(-1)!.items.length;
      } catch {
        // a study that cannot be listed now is still found by its title
      }
    }
    for (const c of listed) await addStudyEntries(b, s, c.id, c.title, c.items);
    return { at: Date.now(), entries: prepareEntries(b.growing) };
  };
  const done = run().then(
    (index) => {
      st.complete = index;
      st.build = undefined;
      return index;
    },
    (e: unknown) => {
      st.build = undefined; // the next search tries again
      throw e;
    },
  );
  done.catch(() => {}); // a search that gave up waiting does not leave it unhandled
  return Object.assign(b, { done });
}

/**
 * The best hits for `query`. A build under way is waited for briefly; past that the answer
 * comes at once with `indexing` and the hits among what is read so far (or, while a stale index
 * is rebuilt, from that index), and the window asks again until `indexing` is gone.
 */
export async function findInStudies(s: Session, query: string, limit?: number): Promise<SearchAnswer> {
  let st = states.get(s);
  if (!st) states.set(s, (st = {}));
  if (!st.build && (!st.complete || Date.now() - st.complete.at > FRESH_MS)) st.build = startBuild(s, st);
  const b = st.build;
  if (b) {
    const finished = await Promise.race([b.done, delay(PATIENCE_MS).then(() => undefined)]);
    if (finished) return { hits: rankPrepared(query, finished.entries, limit) };
    const indexing = { opened: b.opened, total: b.total };
    return { hits: st.complete ? rankPrepared(query, st.complete.entries, limit) : rankGrowing(query, b.growing, limit), indexing };
  }
  return { hits: rankPrepared(query, st.complete!.entries, limit) };
}
