// "Find in all studies" in main: what this session has listed and decrypted — the studies' titles,
// the documents' file names and the records' names — kept in memory only (never written to disk),
// refreshed when older than a few seconds so typing does not list every study on each keystroke.
import { shownName } from '../../../shared/headers.js';
import { rankEntries, type SearchEntry, type SearchHit } from '../../../shared/search-rank.js';
import { STUDY_RECORD_PATH } from '../../../shared/study-record.js';
import type { Item } from '../../../shared/types.js';
import type { Session } from '../session.js';
import { itemView } from './views.js';

/** Studies larger than this are searched by the names main has already decrypted (and by path). */
const DECRYPT_ALL_LIMIT = 5_000;
const FRESH_MS = 15_000;

interface Index {
  readonly at: number;
  readonly entries: readonly SearchEntry[];
}

const indexes = new WeakMap<Session, Promise<Index>>();

async function build(s: Session): Promise<Index> {
  const entries: SearchEntry[] = [];
  for (const c of await s.client.listContainers()) {
    const { title } = await s.studies.title(c);
    entries.push({ containerId: c.id, studyTitle: title, itemPath: '', name: title, kind: 'study' });
    let items: Item[];
    try {
      const listed = await s.client.listItems(c.id, undefined, { recurse: true });
      items = Array.isArray(listed) ? listed : [listed];
    } catch {
      continue; // a study that cannot be listed now is still found by its title
    }
    const decrypt = items.length <= DECRYPT_ALL_LIMIT;
    for (const item of items) {
      if (item.id === STUDY_RECORD_PATH) continue;
      const view = itemView(s, c.id, item, decrypt);
      const h = view.decryptedHeader;
      // the sender's name, cleaned like every name shown (no bidi overrides in a result)
      const name = shownName(h, '');
      entries.push({ containerId: c.id, studyTitle: title, itemPath: view.path, name: name || view.path.slice(view.path.lastIndexOf('/') + 1), kind: h?.type === 'document' || !h ? 'document' : 'record' });
    }
  }
  return { at: Date.now(), entries };
}

export async function findInStudies(s: Session, query: string): Promise<SearchHit[]> {
  let pending = indexes.get(s);
  const current = await pending?.catch(() => undefined);
  if (!current || Date.now() - current.at > FRESH_MS) {
    pending = build(s);
    indexes.set(s, pending);
  }
  return rankEntries(query, (await pending!).entries);
}
