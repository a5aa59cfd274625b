// "Find in all studies": how a query ranks what main has listed and decrypted. Pure, so the
// order is the same wherever it is asked and can be tested without an exchange.

export interface SearchEntry {
  readonly containerId: string;
  readonly studyTitle: string;
  /** Slash form; '' for the study itself. */
  readonly itemPath: string;
  /** What the user knows it by: the document's file name, the record's name, the study's title. */
  readonly name: string;
  readonly kind: 'study' | 'document' | 'record';
}

export interface SearchHit extends SearchEntry {
  /** The folder the item is in ('' at the study's top). */
  readonly folder: string;
  readonly score: number;
}

const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * 0 when `name` does not match every word of the query. Otherwise higher is better: the whole
 * name, then its start, then a word's start, then anywhere; shorter names first among equals.
 */
export function matchScore(query: string, name: string): number {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const target = fold(name);
  const whole = fold(query).trim();
  if (target === whole) return 1000;
  let score = 0;
  for (const w of words) {
    const at = target.indexOf(w);
    if (at < 0) return 0;
    if (at === 0) score += 300;
    else if (/[\s\-_.,:;()/[\]]/.test(target[at - 1] ?? '')) score += 200;
    else score += 100;
  }
  if (target.startsWith(whole)) score += 200;
  // Among equal matches, the tighter name first.
  return score + Math.max(0, 50 - Math.floor(target.length / 4));
}

function folderOf(itemPath: string): string {
  const i = itemPath.lastIndexOf('/');
  return i < 0 ? '' : itemPath.slice(0, i);
}

/** The best `limit` hits, best first; ties by name, then study, then path. */
export function rankEntries(query: string, entries: Iterable<SearchEntry>, limit = 50): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const e of entries) {
    const score = Math.max(matchScore(query, e.name), e.kind === 'study' ? 0 : matchScore(query, e.itemPath.slice(e.itemPath.lastIndexOf('/') + 1)) - 1);
    if (score > 0) hits.push({ ...e, folder: folderOf(e.itemPath), score });
  }
  hits.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name) || a.studyTitle.localeCompare(b.studyTitle) || a.itemPath.localeCompare(b.itemPath));
  return hits.slice(0, limit);
}
