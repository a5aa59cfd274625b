// Main's shared refresh, one per session: every interval one `since` listing per study (a whole
// listing every few minutes, for what `since` cannot tell: deleted, revoked, newly shared; each
// study's at its own time, spread over the rounds: round-plan.ts), a few studies at once, paused
// while no window is visible (slower instead while notifications are on: watch-gate.ts), backing
// off while the exchange is unreachable (round-loop.ts).
// Find, the file list (`study.changed`), New marks and Changes all follow it, and the notifier
// subscribes to its arrivals. It keeps of each item only what they read (study-items.ts). The
// service has no events: `since` (docs/protocol.md §2, Listing items) keeps items updated at or
// after a time, and tells nothing of deletes.
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
import type { ChangeView, UnseenView } from '../../../shared/ipc/views.js';
import { toPipeForm, toSlashForm } from '../../../shared/item-path.js';
import { STUDY_RECORD_PATH, fallbackStudyTitle } from '../../../shared/study-title.js';
import type { Container, Item } from '../../../shared/types.js';
import { NetworkError } from '../../services/exchange-errors.js';
import type { Session } from '../profiles/session.js';
import { ChangeLog, type ChangeEntry } from './change-log.js';
import { KNOWN_KEPT, SeenStore, type StudySeen } from './seen-store.js';
import { diffListing, type Prior } from './study-diff.js';
import { NamesToOpen } from './names-to-open.js';
import { eachLimited, firstWholeAt, wholeThisRound } from './round-plan.js';
import { RoundLoop, realTimer, type SetTimer } from './round-loop.js';
import { Owners, type NamedItem, type StudyItems } from './study-items.js';
import { newsOf, type ArrivalBatch } from './study-news.js';
import type { WatchGate } from './watch-gate.js';

export interface WatchTiming {
  /** Between two refreshes while a window is visible. */
  intervalMs: number;
  /** Between two refreshes while none is but notifications are on. */
  hiddenIntervalMs: number;
  /** How long a study's whole listing stands before it is listed whole again (in between, `since`). */
  wholeMs: number;
  /** Studies listed at once. */
  concurrency: number;
  /** The longest wait between tries while the exchange cannot be reached (doubling from intervalMs). */
  backoffMaxMs: number;
}

export const WATCH_TIMING: Readonly<WatchTiming> = {
  intervalMs: 30_000,
  hiddenIntervalMs: 5 * 60_000,
  wholeMs: 5 * 60_000,
  concurrency: 4,
  backoffMaxMs: 5 * 60_000,
};

export type { SetTimer };
export type { ArrivalBatch } from './study-news.js';

type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

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
  readonly recordNews?: RecordNews;
}

/** A study as last listed: what Find indexes (its names through `names`). `revision` moves whenever its items do. */
export interface WatchedStudy {
  readonly id: string;
  readonly title: string;
  readonly size: number;
  readonly revision: number;
}

interface StudyState {
  title: string;
  /** As listed in this run (absent until the first listing after a start). */
  items?: StudyItems;
  /** What an earlier run knew, until the first listing of this run. */
  remembered?: StudySeen;
  listedWholeAt: number;
  revision: number;
  /** The listing (`listings`) whose changes were last told: one compared with an earlier. */
  toldAt: number;
  /** Item ids (pipe form) New to the user. */
  readonly unseen: Set<string>;
}

const asList = (answer: Item | Item[]): Item[] => (Array.isArray(answer) ? answer : [answer]);

export class StudyWatch {
  readonly timing: WatchTiming;
  private readonly store: SeenStore;
  private readonly now: () => number;
  private readonly loop: RoundLoop;
  private readonly arrivalListeners = new Set<(batch: ArrivalBatch) => void>();
  private readonly roundListeners = new Set<() => void>();
  private readonly studies = new Map<string, StudyState>();
  private order: string[] = [];
  private log = new ChangeLog();
  private loading?: Promise<void>;
  /** Something was known before (an earlier run's file, or a containers listing of this run): a study not known since was shared with us. */
  private hadState = false;
  /** Studies in the file or in a containers listing of this run. */
  private readonly knownIds = new Set<string>();
  /** Studies shared with us whose first listing is still to come (it is reported `joined`). */
  private readonly joining = new Set<string>();
  private readonly wholeNext = new Set<string>();
  private readonly owners = new Owners();
  /** What Find will have to open, once it is in use. */
  private readonly toOpen = new NamesToOpen();
  private started = false;
  private closed = false;
  private dirty = false;
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
    this.arrivalListeners.add(listener);
    return () => this.arrivalListeners.delete(listener);
  }

  /** Called after each refresh of every study (the binder's daily expiry notice). Answers how to unsubscribe. */
  onRound(listener: () => void): () => void {
    this.roundListeners.add(listener);
    return () => this.roundListeners.delete(listener);
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
    if (containerId) this.wholeNext.add(containerId);
    const before = this.listings;
    await this.loop.request(containerId);
    const told: string[] = [];
    for (const [id, st] of this.studies) if (st.toldAt > before && (!containerId || id === containerId)) told.push(id);
    return told;
  }

  /** After this app changed a study: its next listing is whole (`since` cannot report a delete). */
  markStale(containerId: string): void {
    this.wholeNext.add(containerId);
  }

  /**
   * Find's way in: settles once a refresh that began less than `maxAgeMs` ago has ended (running
   * one now when none has), and none is owed to a study this app changed.
   */
  fresh(maxAgeMs: number): Promise<void> {
    return this.loop.fresh(maxAgeMs, this.wholeNext.size > 0);
  }

  /** Moves whenever any study's items do (Find builds again then). */
  get revision(): number {
    return this.revisions;
  }

  /** The studies as last listed, in the exchange's order. */
  listed(): WatchedStudy[] {
    const out: WatchedStudy[] = [];
    for (const id of this.order) {
      const st = this.studies.get(id);
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
    for (const [id, st] of this.studies)
      if (st.items && this.toOpen.missing(id, st.items)) {
        this.wholeNext.add(id);
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
    return this.toOpen.open(this.s, containerId, () => this.studies.get(containerId)?.items, each);
  }

  async unseen(): Promise<UnseenView> {
    await this.load();
    return this.unseenView();
  }

  async changes(containerId?: string, limit?: number): Promise<ChangeView[]> {
    await this.load();
    const unseen = (id: string, path: string) => this.studies.get(id)?.unseen.has(toPipeForm(path)) ?? false;
    return this.log.views(unseen, containerId, limit);
  }

  /**
   * Clears New: these items, or everything under `folderPath` ('' or neither given: the whole
   * study). Emits `changes.unseen` when something was cleared.
   */
  async markSeen(containerId: string, itemPaths?: readonly string[], folderPath?: string): Promise<UnseenView> {
    await this.load();
    const st = this.studies.get(containerId);
    let cleared = 0;
    if (st) {
      for (const p of itemPaths ?? []) if (st.unseen.delete(toPipeForm(p))) cleared++;
      if (folderPath !== undefined || !itemPaths) {
        const folder = toPipeForm(folderPath ?? '').replace(/\|+$/, '');
        for (const id of st.unseen)
          if (!folder || id.startsWith(`${folder}|`)) {
            st.unseen.delete(id);
            cleared++;
          }
      }
    }
    const view = this.unseenView();
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

  /** The timing now: while no window is visible, rounds come every hiddenIntervalMs (their plan follows). */
  private cadenceTiming(): WatchTiming {
    const hidden = this.options.gate?.cadence(this.s.profile.id) === 'hidden';
    return hidden ? { ...this.timing, intervalMs: this.timing.hiddenIntervalMs } : this.timing;
  }

  private load(): Promise<void> {
    return (this.loading ??= this.store.load().then((state) => {
      if (!state) return;
      this.hadState = true;
      this.log = new ChangeLog(state.changes);
      for (const id of Object.keys(state.studies)) this.knownIds.add(id);
      for (const [id, seen] of Object.entries(state.studies))
        this.studies.set(id, {
          title: fallbackStudyTitle(id),
          remembered: seen,
          listedWholeAt: 0,
          revision: 0,
          toldAt: 0,
          unseen: new Set(seen.unseen),
        });
    }));
  }

  /** One refresh of every study or one; settles with when it began. */
  private async round(only?: string): Promise<number> {
    await this.load();
    const startedAt = this.now();
    const containers = await this.s.client.listContainers();
    const ids = new Set(containers.map((c) => c.id));
    const self = this.s.profile.organizationId;
    for (const c of containers) {
      if (!this.knownIds.has(c.id) && this.hadState && c.ownerId !== self) this.joining.add(c.id);
      this.knownIds.add(c.id);
    }
    this.hadState = true;
    let unseenChanged = false;
    // a study no longer visible (revoked, deleted): forgotten with its New marks and entries
    for (const [id, st] of this.studies)
      if (!ids.has(id)) {
        unseenChanged ||= st.unseen.size > 0;
        this.studies.delete(id);
        this.toOpen.forget(id);
        this.log.dropStudy(id);
        this.dirty = true;
      }
    for (const id of this.knownIds)
      if (!ids.has(id)) {
        this.knownIds.delete(id);
        this.joining.delete(id);
      }
    for (const id of this.wholeNext) if (!ids.has(id)) this.wholeNext.delete(id);
    this.order = containers.map((c) => c.id);
    const todo = only ? containers.filter((c) => c.id === only) : containers;
    const whole = wholeThisRound(
      todo.map((c) => {
        const st = this.studies.get(c.id);
        return { id: c.id, ...(st?.items && { listedWholeAt: st.listedWholeAt }), forced: this.wholeNext.has(c.id) };
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
    if (unseenChanged) this.options.emit?.('changes.unseen', this.unseenView());
    if (this.dirty) await this.persist();
    if (!only) for (const listener of this.roundListeners) listener();
    return startedAt;
  }

  /** Lists one study (whole, or `since` its newest item) and tells what changed; answers whether its New marks moved. */
  private async refreshStudy(c: Container, startedAt: number, whole: boolean, index: number): Promise<boolean> {
    const { s } = this;
    const self = s.profile.organizationId;
    const known = this.studies.get(c.id);
    // read once per run (a study without a record would cost a request per refresh), again when
    // its record changes; a title this app wrote or read meanwhile wins
    const title =
      (known?.items ? (s.knownTitle(c.id) ?? known.title) : undefined) ??
      (await s.studyTitle(c.id).catch(() => fallbackStudyTitle(c.id)));
    // owed a whole listing since the round began (Refresh on this study, a change by this app): not settled by a since
    const forced = whole && this.wholeNext.delete(c.id);
    const since = known?.items && !whole ? known.items.newest : undefined;
    let listed: Item[];
    try {
      listed = asList(await s.client.listItems(c.id, undefined, since ? { recurse: true, since } : { recurse: true }));
    } catch (e) {
      if (forced) this.wholeNext.add(c.id);
      throw e;
    }
    const prior: Prior = known?.items
      ? { kind: 'listed', items: known.items }
      : known?.remembered
        ? { kind: 'remembered', ...known.remembered }
        : { kind: 'none' };
    const d = diffListing(prior, listed, !since, self, this.owners);
    const st: StudyState = known ?? { title, listedWholeAt: 0, revision: 0, toldAt: 0, unseen: new Set() };
    this.studies.set(c.id, st);
    st.title = title;
    st.items = d.items;
    if (!since) st.listedWholeAt = prior.kind === 'listed' ? startedAt : firstWholeAt(startedAt, index, this.timing);
    this.toOpen.keep(c.id, d.items, listed, !since);
    if (prior.kind !== 'listed') {
      st.remembered = undefined;
      st.revision = ++this.revisions;
      this.dirty = true;
    }
    if (this.joining.delete(c.id)) {
      this.log.add(await this.recordEntries(c.id, title, d.records, true));
      this.options.emit?.('study.changed', { containerId: c.id, changed: [], removedPaths: [], joined: true });
      this.tell({ containerId: c.id, studyTitle: title, joined: true, items: [] });
      return false;
    }
    // compared with an earlier listing: what the window must know is told (below), or nothing moved
    const told = () => {
      if (prior.kind !== 'none') st.toldAt = ++this.listings;
    };
    if (d.changed.length === 0 && d.removed.length === 0) {
      told();
      // a first listing tells no document, but a request outstanding in it is in Changes
      const first = await this.recordEntries(c.id, st.title, d.records, prior.kind === 'none');
      if (first.length > 0) {
        this.log.add(first);
        this.options.emit?.('study.changed', { containerId: c.id, changed: [], removedPaths: [] });
      }
      return false;
    }
    st.revision = ++this.revisions;
    this.dirty = true;
    if (d.changed.some((i) => i.id === STUDY_RECORD_PATH)) {
      // the record changed: its title is read again (a rename shows in Find and Changes)
      const read = await s.studies.title(c).catch(() => undefined);
      if (read?.record) s.rememberTitle(c.id, (st.title = read.title));
    }
    const noticedAt = new Date(this.now()).toISOString();
    const { event, entries, arrived } = await newsOf(s, c.id, st.title, d, noticedAt);
    const recordEntries = await this.recordEntries(c.id, st.title, d.records, false, noticedAt);
    if (event) this.options.emit?.('study.changed', event);
    // nothing the file list shows moved, but Changes did: the window reads it again
    else if (recordEntries.length > 0)
      this.options.emit?.('study.changed', { containerId: c.id, changed: [], removedPaths: [] });
    told();
    let unseenMoved = false;
    for (const { item } of d.arrivals) {
      st.unseen.add(item.id);
      unseenMoved = true;
    }
    for (const r of d.removed) if (st.unseen.delete(r.id)) unseenMoved = true;
    this.log.add([...entries, ...recordEntries]);
    if (arrived.length > 0) this.tell({ containerId: c.id, studyTitle: st.title, joined: false, items: arrived });
    return unseenMoved;
  }

  /** What other organizations' records tell (`recordNews`); nothing when it fails. */
  private async recordEntries(
    containerId: string,
    studyTitle: string,
    items: readonly Item[],
    firstListing: boolean,
    noticedAt = new Date(this.now()).toISOString(),
  ): Promise<ChangeEntry[]> {
    const { recordNews } = this.options;
    if (items.length === 0 || !recordNews) return [];
    return recordNews(this.s, { containerId, studyTitle, items, noticedAt, firstListing }).catch(() => []);
  }

  private tell(batch: ArrivalBatch): void {
    for (const l of this.arrivalListeners) {
      try {
        l(batch);
      } catch {
        // one listener's failure does not stop the refresh nor the other listeners
      }
    }
  }

  private unseenView(): UnseenView {
    const byStudy: Record<string, string[]> = {};
    for (const [id, st] of this.studies) if (st.unseen.size > 0) byStudy[id] = [...st.unseen].map(toSlashForm);
    return { byStudy };
  }

  private persist(): Promise<void> {
    this.dirty = false;
    const self = this.s.profile.organizationId;
    const studies: Record<string, StudySeen> = {};
    for (const [id, st] of this.studies) {
      if (!st.items) {
        studies[id] = { ...st.remembered, unseen: [...st.unseen] };
        continue;
      }
      const watermark = st.items.newest;
      let known: Record<string, string> | undefined;
      if (st.items.size <= KNOWN_KEPT) {
        known = {};
        for (const { id: itemId, ownerId, version } of st.items.versions())
          known[itemId] = (ownerId === self ? '*' : '') + version;
      }
      studies[id] = { ...(watermark ? { watermark } : {}), ...(known ? { known } : {}), unseen: [...st.unseen] };
    }
    return this.store.save({ version: 1, studies, changes: this.log.entries() });
  }
}
