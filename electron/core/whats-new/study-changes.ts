// What one study's listing tells, told: the file list's `study.changed`, the Changes entries (the
// documents' and what other organizations' records ask: `recordNews`), the New marks and the
// notifier's arrivals. The refresh (study-watch.ts) lists and compares; this part tells.
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
import type { Item } from '../../../shared/types.js';
import type { StudySession as Session } from '../studies/study-session.js';
import type { ChangeEntry } from './change-log.js';
import type { Listeners } from './listeners.js';
import { tellRecords, type RecordNewsHooks } from './record-news.js';
import type { StudyDiff } from './study-diff.js';
import { newsOf, type ArrivalBatch } from './study-news.js';
import type { StudyState, StudyStates } from './study-states.js';

export type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export interface StudyChangesOptions {
  readonly emit?: Emit;
  readonly recordNews?: RecordNewsHooks;
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

  /**
   * A listing where nothing the file list shows moved: a first listing tells no document, but a
   * request outstanding in it is in Changes, as is what a record left from an earlier refresh tells.
   */
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

  /**
   * What other organizations' records tell (`recordNews`), with those whose check failed at an
   * earlier refresh of the study (record-news.ts).
   */
  private async recordEntries(
    containerId: string,
    studyTitle: string,
    records: readonly Item[],
    firstListing: boolean,
    noticedAt = new Date(this.options.now()).toISOString(),
  ): Promise<ChangeEntry[]> {
    const hooks = this.options.recordNews;
    const st = this.states.studies.get(containerId);
    if (!hooks || !st || (records.length === 0 && st.retry.empty)) return [];
    const recordIds = records.map((i) => i.id);
    const { entries, retryMoved } = await tellRecords(hooks, st.retry, this.s, {
      containerId,
      studyTitle,
      recordIds,
      noticedAt,
      firstListing,
    });
    if (retryMoved) this.states.dirty = true;
    return entries;
  }
}
