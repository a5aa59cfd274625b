// "Find in all studies" in main, one SearchIndex per session: the studies' titles, the documents' file names and titles, and the
// records' names of every item this session can list, kept in memory only (never written to disk),
// refreshed when older than a few seconds so typing does not list every study on each keystroke.
// The items come from the session's shared refresh (whats-new/study-watch.ts: `since` listings, and
// a whole listing every few minutes); only the studies whose items moved are indexed again.
import { setTimeout as delay } from 'node:timers/promises';
import { toSlashForm } from '../../../shared/item-path.js';
import { documentTypeName } from '../../../shared/binder/document-types.js';
import {
  GrowingEntries,
  prepareEntries,
  rankGrowing,
  rankPrepared,
  type PreparedEntries,
  type SearchEntry,
} from '../../../shared/search-rank.js';
import type { SearchAnswer } from '../../../shared/ipc/views.js';
import type { NamedItem } from '../whats-new/study-items.js';
import type { StudyWatch } from '../whats-new/study-watch.js';

export const SEARCH_TIMING = {
  /** How long an index answers before a search refreshes it. */
  freshMs: 15_000,
};
/** How long a search waits for a build before answering with what is read so far: small profiles never show progress. */
const PATIENCE_MS = 300;

interface Index {
  readonly at: number;
  /** The session's titleChanges when the build began: a study renamed, granted or newly seen since makes it stale. */
  readonly titleChanges: number;
  /** The shared refresh's revision the build saw. */
  readonly revision: number;
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

/** One study as last indexed: its entries, and the refresh's revision and title they were built from. */
interface StudyIndex {
  readonly title: string;
  readonly revision: number;
  readonly entries: readonly SearchEntry[];
}

/** One item's entry: its names as the shared refresh opened them (file name and title cleaned there). */
function entryOf(containerId: string, studyTitle: string, item: NamedItem): SearchEntry {
  const itemPath = toSlashForm(item.id);
  const name = item.name || itemPath.slice(itemPath.lastIndexOf('/') + 1);
  const { docType, person } = item.fields ?? {};
  const described = [docType, docType && documentTypeName(docType), person?.name].filter(Boolean).join(' ');
  return {
    containerId,
    studyTitle,
    itemPath,
    name,
    ...(item.title && item.title !== name ? { title: item.title } : {}),
    ...(described ? { described } : {}),
    kind: item.record ? 'record' : 'document',
  };
}

/** What the index reads of its session: the shared refresh's items, and whether a title moved. */
export interface SearchSession {
  readonly watch: StudyWatch;
  /** Counts study titles remembered new or different (the session's). */
  readonly titleChanges: number;
}

/**
 * The session's index for "Find in all studies", kept in memory only. The session owns it (one
 * per session, dropped with it); handlers search it and tell it what this app changed.
 */
export class SearchIndex {
  private complete?: Index;
  private build?: Build;
  private studies?: Map<string, StudyIndex>;
  /** Studies this app changed since the last build began: the next search rebuilds and lists them whole. */
  private readonly changed = new Set<string>();

  constructor(private readonly s: SearchSession) {}

  /**
   * After this app uploaded, deleted or wrote in a study: the next search lists that study whole
   * (`since` cannot report a delete) instead of answering from an index up to freshMs old.
   */
  markStale(containerId: string): void {
    this.changed.add(containerId);
    this.s.watch.markStale(containerId);
  }

  /**
   * The best hits for `query`. A build under way is waited for briefly; past that the answer
   * comes at once with `indexing` and the hits among what is read so far (or, while a stale index
   * is rebuilt, from that index), and the window asks again until `indexing` is gone.
   */
  async find(query: string, limit?: number): Promise<SearchAnswer> {
    const stale =
      !this.complete ||
      this.changed.size > 0 ||
      this.complete.titleChanges !== this.s.titleChanges ||
      // the shared refresh found something since (its loop runs without a search)
      this.complete.revision !== this.s.watch.revision ||
      Date.now() - this.complete.at > SEARCH_TIMING.freshMs;
    if (!this.build && stale) this.build = this.startBuild();
    const b = this.build;
    if (b) {
      const finished = await Promise.race([b.done, delay(PATIENCE_MS).then(() => undefined)]);
      if (finished) return { hits: rankPrepared(query, finished.entries, limit) };
      const indexing = { opened: b.opened, total: b.total };
      return {
        hits: this.complete ? rankPrepared(query, this.complete.entries, limit) : rankGrowing(query, b.growing, limit),
        indexing,
      };
    }
    return { hits: rankPrepared(query, this.complete!.entries, limit) };
  }

  private startBuild(): Build {
    const { s } = this;
    const b: Progress = { growing: new GrowingEntries(), opened: 0, total: 0 };
    // taken now: what is changed while this build runs makes the next one
    const changedHere = new Set(this.changed);
    this.changed.clear();
    const titleChanges = s.titleChanges;
    // a study newly seen or renamed by the window's listing: the refresh may not have it yet
    const titlesMoved = this.complete !== undefined && this.complete.titleChanges !== titleChanges;
    const run = async (): Promise<Index> => {
      // the refresh's listings keep what is not opened yet for this build to open
      s.watch.wantNames();
      await s.watch.fresh(titlesMoved ? 0 : SEARCH_TIMING.freshMs);
      await s.watch.prepareNames();
      const before = this.studies ?? new Map<string, StudyIndex>();
      const studies = new Map<string, StudyIndex>();
      const toOpen: { id: string; title: string; revision: number }[] = [];
      const revision = s.watch.revision;
      const listed = s.watch.listed();
      let changed = listed.length !== before.size;
      for (const c of listed) {
        // as the refresh read it, or as this app last wrote it: no study record read per search
        const { title } = c;
        const old = before.get(c.id);
        if (old && old.title === title && old.revision === c.revision) {
          // unchanged: its entries as they were, nothing opened again
          studies.set(c.id, old);
          for (const e of old.entries) b.growing.push(e);
          continue;
        }
        changed = true;
        toOpen.push({ id: c.id, title, revision: c.revision });
        b.total += c.size;
        b.growing.push({ containerId: c.id, studyTitle: title, itemPath: '', name: title, kind: 'study' });
      }
      for (const c of toOpen) {
        const entries: SearchEntry[] = [
          { containerId: c.id, studyTitle: c.title, itemPath: '', name: c.title, kind: 'study' },
        ];
        // searched as it grows: the first search of a large study answers while headers are opened
        await s.watch.names(c.id, (item) => {
          const entry = entryOf(c.id, c.title, item);
          b.opened++;
          b.growing.push(entry);
          entries.push(entry);
        });
        studies.set(c.id, { title: c.title, revision: c.revision, entries });
      }
      this.studies = studies;
      const unchanged = !changed && this.complete;
      return {
        at: Date.now(),
        titleChanges,
        revision,
        entries: unchanged ? unchanged.entries : prepareEntries(b.growing),
      };
    };
    const done = run().then(
      (index) => {
        this.complete = index;
        this.build = undefined;
        return index;
      },
      (e: unknown) => {
        this.build = undefined; // the next search tries again
        for (const id of changedHere) this.changed.add(id);
        throw e;
      },
    );
    done.catch(() => {}); // a search that gave up waiting does not leave it unhandled
    return Object.assign(b, { done });
  }
}
