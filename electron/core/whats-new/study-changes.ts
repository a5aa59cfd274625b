// What one study's listing tells, told: the file list's `study.changed`, the Changes entries (the
// documents' and what other organizations' records ask: `recordNews`), the New marks and the
// notifier's arrivals. The refresh (study-watch.ts) lists and compares; this part tells.
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
import type { Item } from '../../../shared/types.js';
import type { StudySession as Session } from '../studies/study-session.js';
import type { ChangeEntry } from './change-log.js';
import type { Listeners } from './listeners.js';
import type { StudyDiff } from './study-diff.js';
import { newsOf, type ArrivalBatch } from './study-news.js';
import type { StudyState, StudyStates } from './study-states.js';

export type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/**
 * What other organizations' new reserved records tell beyond the file list (a sign-off request
 * asked of this organization): Changes entries, names already cleaned. Its failure tells nothing.
 * On a study's first listing (`firstListing`) it is handed every record listed.
 */
export type RecordNews = (
  s: Session,
  news: {
    readonly containerId: string;
    readonly studyTitle: string;
    readonly items: readonly Item[];
    readonly noticedAt: string;
    readonly firstListing: boolean;
  },
) => Promise<ChangeEntry[]>;

export interface StudyChangesOptions {
  readonly emit?: Emit;
  readonly recordNews?: RecordNews;
  readonly now: () => number;
}

export class StudyChanges {
  constructor(
    private readonly s: Session,
    private readonly states: StudyStates,
    private readonly arrivals: Listeners<ArrivalBatch>,
    private readonly options: StudyChangesOptions,
  ) {}

  /** A study just shared, at its first listing: `joined`, with what its records ask (nothing is New in it). */
  async joined(containerId: string, studyTitle: string, records: readonly Item[]): Promise<void> {
    this.states.addChanges(await this.recordEntries(containerId, studyTitle, records, true));
    this.options.emit?.('study.changed', { containerId, changed: [], removedPaths: [], joined: true });
    this.arrivals.tell({ containerId, studyTitle, joined: true, items: [] });
  }

  /** A listing where nothing the file list shows moved: a first listing tells no document, but a request outstanding in it is in Changes. */
  async unmoved(
    containerId: string,
    studyTitle: string,
    records: readonly Item[],
    firstListing: boolean,
  ): Promise<void> {
    const entries = await this.recordEntries(containerId, studyTitle, records, firstListing);
    if (entries.length === 0) return;
    this.states.addChanges(entries);
    this.options.emit?.('study.changed', { containerId, changed: [], removedPaths: [] });
  }

  /**
   * What moved: told to the window, Changes and the notifier; `told` marks the listing told
   * (once the window's event is out). Answers whether the study's New marks moved.
   */
  async moved(containerId: string, st: StudyState, d: StudyDiff, told: () => void): Promise<boolean> {
    const noticedAt = new Date(this.options.now()).toISOString();
    const { event, entries, arrived } = await newsOf(this.s, containerId, st.title, d, noticedAt);
    const recordEntries = await this.recordEntries(containerId, st.title, d.records, false, noticedAt);
    if (event) this.options.emit?.('study.changed', event);
    // nothing the file list shows moved, but Changes did: the window reads it again
    else if (recordEntries.length > 0)
      this.options.emit?.('study.changed', { containerId, changed: [], removedPaths: [] });
    told();
    let unseenMoved = false;
    for (const { item } of d.arrivals) {
      st.unseen.add(item.id);
      unseenMoved = true;
    }
    for (const r of d.removed) if (st.unseen.delete(r.id)) unseenMoved = true;
    this.states.addChanges([...entries, ...recordEntries]);
    if (arrived.length > 0) this.arrivals.tell({ containerId, studyTitle: st.title, joined: false, items: arrived });
    return unseenMoved;
  }

  /** What other organizations' records tell (`recordNews`); nothing when it fails. */
  private async recordEntries(
    containerId: string,
    studyTitle: string,
    items: readonly Item[],
    firstListing: boolean,
    noticedAt = new Date(this.options.now()).toISOString(),
  ): Promise<ChangeEntry[]> {
    const { recordNews } = this.options;
    if (items.length === 0 || !recordNews) return [];
    return recordNews(this.s, { containerId, studyTitle, items, noticedAt, firstListing }).catch(() => []);
  }
}
