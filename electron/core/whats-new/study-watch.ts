// Main's shared refresh, one per session: every interval one `since` listing per study (a whole
// listing every few minutes, for what `since` cannot tell: deleted, revoked, newly shared; each
// study's at its own time, spread over the rounds: round-plan.ts), a few studies at once, paused
// while no window is visible (slower instead while notifications are on: watch-gate.ts), backing
// off while the exchange is unreachable (round-loop.ts).
// Find, the file list (`study.changed`), New marks and Changes all follow it, and the notifier
// subscribes to its arrivals. It keeps of each item only what they read (study-items.ts). The
// service has no events: `since` (docs/protocol.md §2, Listing items) keeps items updated at or
// after a time, and tells nothing of deletes.
import type { UnseenView, ChangeView } from '../../../shared/ipc/views.js';
import { STUDY_RECORD_PATH, fallbackStudyTitle } from '../../../shared/study-title.js';
import type { Container, Item } from '../../../shared/types.js';
import { NetworkError } from '../../services/exchange-errors.js';
import type { StudySession as Session } from '../studies/study-session.js';
import { Listeners } from './listeners.js';
import { SeenStore } from './seen-store.js';
import type { RecordNewsHooks } from './record-news.js';
import { StudyChanges, type Emit } from './study-changes.js';
import { diffListing, type Prior } from './study-diff.js';
import { NamesToOpen } from './names-to-open.js';
import { eachLimited, firstWholeAt, wholeThisRound } from './round-plan.js';
import { RoundLoop, realTimer, type SetTimer } from './round-loop.js';
import { Owners, type NamedItem } from './study-items.js';
import type { ArrivalBatch } from './study-news.js';
import { StudyRoster } from './study-roster.js';
import { StudyStates, newStudyState } from './study-states.js';
import type { WatchGate } from './watch-gate.js';
import { WATCH_TIMING, cadenceTiming, type WatchTiming } from './watch-timing.js';

export { WATCH_TIMING, type WatchTiming } from './watch-timing.js';
export type { SetTimer };
export type { ArrivalBatch } from './study-news.js';
export type { RecordBatch, RecordNews, RecordNewsHooks } from './record-news.js';

export interface WatchOptions {
  /** The persisted seen state (`seenFile(dataDir, profileId)`); none: kept in memory only. */
  readonly file?: string;
  /** The window's events: `study.changed`, `changes.unseen`. */
  readonly emit?: Emit;
  /** When the loop may run; none: only when asked (Find, `refresh`). */
  readonly gate?: WatchGate;
  readonly now?: () => number;
  readonly setTimer?: SetTimer;
  readonly timing?: Partial<WatchTiming>;
  /** What other organizations' records tell, by feature (record-news.ts). */
  readonly recordNews?: RecordNewsHooks;
}

/** A study as last listed: what Find indexes (its names through `names`). `revision` moves whenever its items do. */
export interface WatchedStudy {
  readonly id: string;
  readonly title: string;
  readonly size: number;
  readonly revision: number;
}

const asList = (answer: Item | Item[]): Item[] => (Array.isArray(answer) ? answer : [answer]);

/**
 * The refresh, composed of its parts: the loop and its plan (round-loop.ts, round-plan.ts), the
 * studies listed (study-roster.ts), what is kept of each and saved (study-states.ts), what Find
 * will open (names-to-open.ts), and what a listing tells (study-changes.ts) to its listeners.
 */
export class StudyWatch {
  readonly timing: WatchTiming;
  private readonly store: SeenStore;
  private readonly now: () => number;
  private readonly loop: RoundLoop;
  private readonly arrivals = new Listeners<ArrivalBatch>();
  private readonly rounds = new Listeners<void>();
  private readonly roster = new StudyRoster();
  private readonly states: StudyStates;
  private readonly tell: StudyChanges;
  private readonly owners = new Owners();
  /** What Find will have to open, once it is in use. */
  private readonly toOpen = new NamesToOpen();
  private started = false;
  private closed = false;
  private revisions = 0;
  /** Counts listings told to the window (see `refresh`). */
  private listings = 0;
  private unsubscribeGate?: () => void;

  constructor(
    private readonly s: Session,
    private readonly options: WatchOptions = {},
  ) {
    this.timing = { ...WATCH_TIMING, ...options.timing };
    this.store = new SeenStore(options.file);
    this.now = options.now ?? Date.now;
    this.states = new StudyStates(this.store, (ids) => this.roster.remember(ids));
    this.tell = new StudyChanges(s, this.states, this.arrivals, {
      ...(options.emit ? { emit: options.emit } : {}),
      ...(options.recordNews ? { recordNews: options.recordNews } : {}),
      now: this.now,
    });
    this.loop = new RoundLoop({
      round: (only) => this.round(only),
      isOpen: () => this.isOpen(),
      timing: () => this.cadenceTiming(),
      now: this.now,
      setTimer: options.setTimer ?? realTimer,
    });
  }

  /**
   * The notifier's hook: `listener` gets one batch per study per refresh with items from other
   * organizations first seen in it (or a study just shared, `joined`). Answers how to unsubscribe.
   */
  onArrivals(listener: (batch: ArrivalBatch) => void): () => void {
    return this.arrivals.add(listener);
  }

  /** Called after each refresh of every study (the binder's daily expiry notice). Answers how to unsubscribe. */
  onRound(listener: () => void): () => void {
    return this.rounds.add(listener);
  }

  /** Starts the loop: it runs whenever the gate is open (a window visible, the profile active). */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.unsubscribeGate = this.options.gate?.onChange(() => this.loop.scheduleNext());
    this.loop.scheduleNext();
  }

  close(): void {
    this.closed = true;
    this.loop.stop();
    this.unsubscribeGate?.();
  }

  /** The profile was removed: the loop stops and its seen state is deleted, a refresh under way writing nothing. */
  async forget(): Promise<void> {
    this.close();
    await this.store.discard();
  }

  /**
   * Refreshes now (the Refresh button): one study, or every study. Answers the studies whose
   * changes since an earlier listing were told (`study.changed`, when any): the window need not
   * list them itself. A first listing tells nothing (there was nothing to compare with).
   */
  async refresh(containerId?: string): Promise<string[]> {
    if (containerId) this.roster.owe(containerId);
    const before = this.listings;
    await this.loop.request(containerId);
    const told: string[] = [];
    for (const [id, st] of this.states.studies)
      if (st.toldAt > before && (!containerId || id === containerId)) told.push(id);
    return told;
  }

  /** After this app changed a study: its next listing is whole (`since` cannot report a delete). */
  markStale(containerId: string): void {
    this.roster.owe(containerId);
  }

  /**
   * Find's way in: settles once a refresh that began less than `maxAgeMs` ago has ended (running
   * one now when none has), and none is owed to a study this app changed.
   */
  fresh(maxAgeMs: number): Promise<void> {
    return this.loop.fresh(maxAgeMs, this.roster.owesAny);
  }

  /** Moves whenever any study's items do (Find builds again then). */
  get revision(): number {
    return this.revisions;
  }

  /** The studies as last listed, in the exchange's order. */
  listed(): WatchedStudy[] {
    const out: WatchedStudy[] = [];
    for (const id of this.roster.order) {
      const st = this.states.studies.get(id);
      if (st?.items)
        out.push({ id, title: this.s.knownTitle(id) ?? st.title, size: st.items.size, revision: st.revision });
    }
    return out;
  }

  /** Find is in use: from now on a listing keeps what `names` will have to open (until it does). */
  wantNames(): void {
    this.toOpen.wanted = true;
  }

  /**
   * Before `names`: every study with items whose header is neither opened nor kept from a listing
   * of this run (listed before Find was first used) is listed whole now, in one refresh.
   */
  async prepareNames(): Promise<void> {
    this.toOpen.wanted = true;
    let missing = false;
    for (const [id, st] of this.states.studies)
      if (st.items && this.toOpen.missing(id, st.items)) {
        this.roster.owe(id);
        missing = true;
      }
    if (missing) await this.loop.request();
  }

  /**
   * Find's way to one study's names: `each` is called for every item but reserved ones, first
   * those already opened, then the others as their headers are opened (from the listing that kept
   * them; see `prepareNames`), a batch per turn of the event loop.
   */
  names(containerId: string, each: (item: NamedItem) => void): Promise<void> {
    return this.toOpen.open(this.s, containerId, () => this.states.studies.get(containerId)?.items, each);
  }

  async unseen(): Promise<UnseenView> {
    await this.states.load();
    return this.states.unseenView();
  }

  async changes(containerId?: string, limit?: number): Promise<ChangeView[]> {
    await this.states.load();
    return this.states.changes(containerId, limit);
  }

  /**
   * Clears New: these items, or everything under `folderPath` ('' or neither given: the whole
   * study). Emits `changes.unseen` when something was cleared.
   */
  async markSeen(containerId: string, itemPaths?: readonly string[], folderPath?: string): Promise<UnseenView> {
    await this.states.load();
    const cleared = this.states.markSeen(containerId, itemPaths, folderPath);
    const view = this.states.unseenView();
    if (cleared > 0) {
      this.options.emit?.('changes.unseen', view);
      await this.persist();
    }
    return view;
  }

  /** Settles once the seen state is on disk. */
  flush(): Promise<void> {
    return this.store.flush();
  }

  // ---- the loop ---------------------------------------------------------------------------

  private isOpen(): boolean {
    if (!this.started || this.closed) return false;
    return this.options.gate ? this.options.gate.isOpen(this.s.profile.id) : false;
  }

  private cadenceTiming(): WatchTiming {
    return cadenceTiming(this.timing, this.options.gate, this.s.profile.id);
  }

  /** One refresh of every study or one; settles with when it began. */
  private async round(only?: string): Promise<number> {
    await this.states.load();
    const startedAt = this.now();
    const containers = await this.s.client.listContainers();
    const ids = this.roster.listed(containers, this.s.profile.organizationId);
    // a study no longer visible (revoked, deleted): forgotten with its New marks and entries
    const { gone, unseenMoved } = this.states.dropGone(ids);
    for (const id of gone) this.toOpen.forget(id);
    let unseenChanged = unseenMoved;
    const todo = only ? containers.filter((c) => c.id === only) : containers;
    const whole = wholeThisRound(
      todo.map((c) => {
        const st = this.states.studies.get(c.id);
        return { id: c.id, ...(st?.items && { listedWholeAt: st.listedWholeAt }), forced: this.roster.owes(c.id) };
      }),
      containers.length,
      startedAt,
      this.cadenceTiming(),
    );
    const index = new Map(containers.map((c, i) => [c.id, i]));
    let failed = 0;
    let lastError: unknown;
    await eachLimited(todo, this.timing.concurrency, async (c) => {
      try {
        const moved = await this.refreshStudy(c, startedAt, whole.has(c.id), index.get(c.id) ?? 0);
        unseenChanged = moved || unseenChanged;
      } catch (e) {
        failed++;
        lastError = e;
      }
    });
    if (failed > 0 && failed === todo.length && lastError instanceof NetworkError) throw lastError;
    if (unseenChanged) this.options.emit?.('changes.unseen', this.states.unseenView());
    if (this.states.dirty) await this.persist();
    if (!only) this.rounds.each();
    return startedAt;
  }

  /** Lists one study (whole, or `since` its newest item) and tells what changed; answers whether its New marks moved. */
  private async refreshStudy(c: Container, startedAt: number, whole: boolean, index: number): Promise<boolean> {
    const { s } = this;
    const self = s.profile.organizationId;
    const known = this.states.studies.get(c.id);
    // read once per run (a study without a record would cost a request per refresh), again when
    // its record changes; a title this app wrote or read meanwhile wins
    const title =
      (known?.items ? (s.knownTitle(c.id) ?? known.title) : undefined) ??
      (await s.studyTitle(c.id).catch(() => fallbackStudyTitle(c.id)));
    // owed a whole listing since the round began (Refresh on this study, a change by this app): not settled by a since
    const forced = whole && this.roster.settle(c.id);
    const since = known?.items && !whole ? known.items.newest : undefined;
    let listed: Item[];
    try {
      listed = asList(await s.client.listItems(c.id, undefined, since ? { recurse: true, since } : { recurse: true }));
    } catch (e) {
      if (forced) this.roster.owe(c.id);
      throw e;
    }
    const prior: Prior = known?.items
      ? { kind: 'listed', items: known.items }
      : known?.remembered
        ? { kind: 'remembered', ...known.remembered }
        : { kind: 'none' };
    const d = diffListing(prior, listed, !since, self, this.owners);
    const st = known ?? newStudyState(title);
    this.states.studies.set(c.id, st);
    st.title = title;
    st.items = d.items;
    if (!since) st.listedWholeAt = prior.kind === 'listed' ? startedAt : firstWholeAt(startedAt, index, this.timing);
    this.toOpen.keep(c.id, d.items, listed, !since);
    if (prior.kind !== 'listed') {
      st.remembered = undefined;
      st.revision = ++this.revisions;
      this.states.dirty = true;
    }
    if (this.roster.joined(c.id)) {
      await this.tell.joined(c.id, title, d.records);
      return false;
    }
    // compared with an earlier listing: what the window must know is told (below), or nothing moved
    const told = () => {
      if (prior.kind !== 'none') st.toldAt = ++this.listings;
    };
    if (d.changed.length === 0 && d.removed.length === 0) {
      told();
      await this.tell.unmoved(c.id, st.title, d.records, prior.kind === 'none');
      return false;
    }
    st.revision = ++this.revisions;
    this.states.dirty = true;
    if (d.changed.some((i) => i.id === STUDY_RECORD_PATH)) {
      // the record changed: its title is read again (a rename shows in Find and Changes)
      const read = await s.studies.title(c).catch(() => undefined);
      if (read?.record) s.rememberTitle(c.id, (st.title = read.title));
    }
    return this.tell.moved(c.id, st, d, told);
  }

  private persist(): Promise<void> {
    return this.states.persist(this.s.profile.organizationId);
  }
}
