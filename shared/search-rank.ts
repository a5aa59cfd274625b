// "Find in all studies": how a query ranks what main has listed and decrypted. Pure, so the
// order is the same wherever it is asked and can be tested without an exchange.

export interface SearchEntry {
  readonly containerId: string;
  readonly studyTitle: string;
  /** Slash form; '' for the study itself. */
  readonly itemPath: string;
  /** What the user knows it by: the document's file name, the record's name, the study's title. */
  readonly name: string;
  /** A document's title when it has one besides its file name: found by either. */
  readonly title?: string;
  /** What a document is (its type's code and name, the person it is about: decisions §8): "cv Reyes" finds it with its name. */
  readonly described?: string;
  readonly kind: 'study' | 'document' | 'record';
}

export interface SearchHit extends SearchEntry {
  /** The folder the item is in ('' at the study's top). */
  readonly folder: string;
  readonly score: number;
}

const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

interface FoldedQuery {
  readonly words: readonly string[];
  readonly whole: string;
}

function foldQuery(query: string): FoldedQuery {
  const folded = fold(query);
  return { words: folded.split(/\s+/).filter(Boolean), whole: folded.trim() };
}

/** matchScore with the query and the name already folded. */
function scoreFolded(q: FoldedQuery, target: string): number {
  if (q.words.length === 0) return 0;
  if (target === q.whole) return 1000;
  let score = 0;
  for (const w of q.words) {
    const at = target.indexOf(w);
    if (at < 0) return 0;
    if (at === 0) score += 300;
    else if (/[\s\-_.,:;()/[\]]/.test(target[at - 1] ?? '')) score += 200;
    else score += 100;
  }
  if (target.startsWith(q.whole)) score += 200;
  // Among equal matches, the tighter name first.
  return score + Math.max(0, 50 - Math.floor(target.length / 4));
}

/**
 * 0 when `name` does not match every word of the query. Otherwise higher is better: the whole
 * name, then its start, then a word's start, then anywhere; shorter names first among equals.
 */
export function matchScore(query: string, name: string): number {
  return scoreFolded(foldQuery(query), fold(name));
}

function folderOf(itemPath: string): string {
  const i = itemPath.lastIndexOf('/');
  return i < 0 ? '' : itemPath.slice(0, i);
}

/**
 * Entries made ready for many queries (main keeps one per index of 100,000 items and more):
 * in the order ties are shown (name, then study, then path) and with their names folded once.
 */
export interface PreparedEntries {
  readonly entries: readonly SearchEntry[];
  /** Folded names, titles ('' when none) and last path segments ('' for a study), by entry. */
  readonly names: readonly string[];
  readonly titles: readonly string[];
  readonly segments: readonly string[];
  /** Folded name and `described` together ('' when nothing is described). */
  readonly described: readonly string[];
}

const collator = new Intl.Collator();
const tieOrder = (a: SearchEntry, b: SearchEntry): number =>
  collator.compare(a.name, b.name) ||
  collator.compare(a.studyTitle, b.studyTitle) ||
  collator.compare(a.itemPath, b.itemPath);
const segmentOf = (e: SearchEntry): string =>
  e.kind === 'study' ? '' : fold(e.itemPath.slice(e.itemPath.lastIndexOf('/') + 1));
const describedOf = (e: SearchEntry): string => (e.described ? fold(`${e.name} ${e.described}`) : '');

/**
 * Entries in the order they arrive, folded as they come: the index main is still building
 * (headers opened in batches), searched as it grows and prepared once it is whole.
 */
export class GrowingEntries {
  readonly entries: SearchEntry[] = [];
  readonly names: string[] = [];
  readonly titles: string[] = [];
  readonly segments: string[] = [];
  readonly described: string[] = [];

  push(e: SearchEntry): void {
    this.entries.push(e);
    this.names.push(fold(e.name));
    this.titles.push(fold(e.title ?? ''));
    this.segments.push(segmentOf(e));
    this.described.push(describedOf(e));
  }
}

export function prepareEntries(entries: Iterable<SearchEntry> | GrowingEntries): PreparedEntries {
  const grown = entries instanceof GrowingEntries ? entries : undefined;
  if (!grown) {
    const sorted = [...(entries as Iterable<SearchEntry>)].sort(tieOrder);
    return {
      entries: sorted,
      names: sorted.map((e) => fold(e.name)),
      titles: sorted.map((e) => fold(e.title ?? '')),
      segments: sorted.map(segmentOf),
      described: sorted.map(describedOf),
    };
  }
  // already folded: only the order changes
  const order = grown.entries.map((_, i) => i).sort((a, b) => tieOrder(grown.entries[a]!, grown.entries[b]!));
  const at = <T>(list: readonly T[]): T[] => order.map((i) => list[i]!);
  return {
    entries: at(grown.entries),
    names: at(grown.names),
    titles: at(grown.titles),
    segments: at(grown.segments),
    described: at(grown.described),
  };
}

/** The better of the name's and the title's match; the path's last segment a point below, what it is described as two. */
function scoreAt(q: FoldedQuery, p: Omit<PreparedEntries, 'entries'>, i: number): number {
  const title = p.titles[i]!;
  const segment = p.segments[i]!;
  const described = p.described[i]!;
  return Math.max(
    scoreFolded(q, p.names[i]!),
    title === '' ? 0 : scoreFolded(q, title),
    segment === '' ? 0 : scoreFolded(q, segment) - 1,
    described === '' ? 0 : scoreFolded(q, described) - 2,
  );
}

/**
 * The best `limit` hits, best first; ties by name, then study, then path. One pass without
 * sorting: the entries are already in tie order, so the first `limit` of each score are kept.
 */
export function rankPrepared(query: string, prepared: PreparedEntries, limit = 50): SearchHit[] {
  const q = foldQuery(query);
  const byScore = new Map<number, number[]>();
  const { entries } = prepared;
  for (let i = 0; i < entries.length; i++) {
    const score = scoreAt(q, prepared, i);
    if (score <= 0) continue;
    let kept = byScore.get(score);
    if (!kept) byScore.set(score, (kept = []));
    if (kept.length < limit) kept.push(i);
  }
  const hits: SearchHit[] = [];
  for (const score of [...byScore.keys()].sort((a, b) => b - a)) {
    for (const i of byScore.get(score)!) {
      if (hits.length === limit) return hits;
      const e = entries[i]!;
      hits.push({ ...e, folder: folderOf(e.itemPath), score });
    }
  }
  return hits;
}

/**
 * rankPrepared over entries not yet in tie order (an index still growing): only the matches are
 * put in order, so a keystroke while 100,000 headers are being opened does not sort them all.
 */
export function rankGrowing(query: string, growing: GrowingEntries, limit = 50): SearchHit[] {
  const q = foldQuery(query);
  const { entries } = growing;
  const matched: { readonly i: number; readonly score: number }[] = [];
  for (let i = 0; i < entries.length; i++) {
    const score = scoreAt(q, growing, i);
    if (score > 0) matched.push({ i, score });
  }
  matched.sort((a, b) => b.score - a.score || tieOrder(entries[a.i]!, entries[b.i]!));
  return matched
    .slice(0, limit)
    .map(({ i, score }) => ({ ...entries[i]!, folder: folderOf(entries[i]!.itemPath), score }));
}

/** The best `limit` hits, best first; ties by name, then study, then path. */
export function rankEntries(query: string, entries: Iterable<SearchEntry>, limit = 50): SearchHit[] {
  return rankPrepared(query, prepareEntries(entries), limit);
}
