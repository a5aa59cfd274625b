// "Find in all studies" in main: the studies' titles, the documents' file names and the records'
// names of every item this session can list, kept in memory only (never written to disk),
// refreshed when older than a few seconds so typing does not list every study on each keystroke.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { shownName } from '../../../shared/headers.js';
import { prepareEntries, rankPrepared, type PreparedEntries, type SearchEntry, type SearchHit } from '../../../shared/search-rank.js';
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

interface Index {
  readonly at: number;
  /** Sorted and folded once per build, so a keystroke over 100,000 items is one pass. */
  readonly entries: PreparedEntries;
}

const indexes = new WeakMap<Session, Promise<Index>>();

/** Adds an entry per item of one study to `entries`, opening the headers not yet opened. */
async function addStudyEntries(entries: SearchEntry[], s: Session, containerId: string, studyTitle: string, items: readonly Item[]): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % DECRYPT_BATCH === 0) await nextTurn();
    const item = items[i]!;
    if (item.id === STUDY_RECORD_PATH) continue;
    const view = itemView(s, containerId, item, true);
    const h = view.decryptedHeader;
    // the sender's name, cleaned like every name shown (no bidi overrides in a result)
    const name = shownName(h, '');
    entries.push({ containerId, studyTitle, itemPath: view.path, name: name || view.path.slice(view.path.lastIndexOf('/') + 1), kind: h?.type === 'document' || !h ? 'document' : 'record' });
  }
}

async function build(s: Session): Promise<Index> {
  const entries: SearchEntry[] = [];
  for (const c of await s.client.listContainers()) {
    // the session's title cache: no study record read per study on every rebuild
    const title = await s.studyTitle(c.id);
    entries.push({ containerId: c.id, studyTitle: title, itemPath: '', name: title, kind: 'study' });
    let items: Item[];
    try {
      const listed = await s.client.listItems(c.id, undefined, { recurse: true });
      items = Array.isArray(listed) ? listed : [listed];
    } catch {
      continue; // a study that cannot be listed now is still found by its title
    }
    await addStudyEntries(entries, s, c.id, title, items);
  }
  return { at: Date.now(), entries: prepareEntries(entries) };
}

export async function findInStudies(s: Session, query: string): Promise<SearchHit[]> {
  let pending = indexes.get(s);
  const current = await pending?.catch(() => undefined);
  if (!current || Date.now() - current.at > FRESH_MS) {
    pending = build(s);
    indexes.set(s, pending);
  }
  return rankPrepared(query, (await pending!).entries);
}
