// A study's listing handed to the window in pages while the answer streams in: main reads the
// answer as it arrives and keeps the views made of it until the window asks for them
// (items.listNext), so the first rows show long before the last item has arrived. Each listing
// belongs to the window (sender) that opened it: a few per window, closed with its page, and
// read no further ahead than a couple of pages the window has not taken yet.
import { randomBytes } from 'node:crypto';
import { UserFacingError } from '../../../shared/app-error.js';
import type { ItemPage, ItemView } from '../../../shared/ipc/views.js';

/** Most views in one answer: a page crosses IPC in one copy, which blocks main meanwhile. */
const MAX_PAGE = 10_000;
/**
 * A page smaller than this waits up to GATHER_MS for more: the answer arrives in 64 KiB pieces
 * of about 40 items, and a round trip per piece would cost the window more than the wait.
 */
const MIN_PAGE = 2_000;
const GATHER_MS = 25;
/** A listing the window stopped asking for (closed, switched study) is dropped after this long. */
const IDLE_MS = 60_000;
/** Open listings per window: opening one more closes its oldest (a renderer cannot pile them up). */
const PER_SENDER = 4;
/** Views kept that the window has not taken: past this, reading the answer waits for listNext. */
const HIGH_WATER = 2 * MAX_PAGE;

export interface ListingLimits {
  readonly perSender?: number;
  readonly highWater?: number;
  readonly idleMs?: number;
}

type PageSource = (signal: AbortSignal) => AsyncIterable<readonly ItemView[]>;

class Listing {
  private ready: ItemView[] = [];
  private finished = false;
  private failure: { readonly error: unknown } | undefined;
  private waiting: (() => void)[] = [];
  /** The reader, paused while too much is kept (resumed when next() takes some, or on cancel). */
  private paused: (() => void) | undefined;
  private readonly abort = new AbortController();
  /** The last page or the failure has been handed over. */
  over = false;

  constructor(
    source: PageSource,
    readonly senderId: string,
    private readonly highWater: number,
  ) {
    void this.read(source);
  }

  /** Views read and not yet taken (tests: reading stays bounded). */
  get kept(): number {
    return this.ready.length;
  }

  private async read(source: PageSource): Promise<void> {
    try {
      for await (const page of source(this.abort.signal)) {
        for (const view of page) this.ready.push(view);
        this.wakeUp();
        // Backpressure: no more is pulled from the answer until the window takes pages.
        while (this.ready.length >= this.highWater && !this.abort.signal.aborted)
          await new Promise<void>((resume) => (this.paused = resume));
        if (this.abort.signal.aborted) break;
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.finished = true;
      this.wakeUp();
    }
  }

  private wakeUp(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  /** What arrived since the last call (waiting for something); a failure comes after what arrived before it. */
  async next(): Promise<ItemPage> {
    while (this.ready.length === 0 && !this.finished) await this.arrival();
    const until = Date.now() + GATHER_MS;
    const enough = Math.min(MIN_PAGE, this.highWater);
    while (this.ready.length < enough && !this.finished && Date.now() < until) await this.arrival(until - Date.now());
    if (this.ready.length === 0 && this.failure) {
      this.over = true;
      throw this.failure.error;
    }
    const items = this.ready.length <= MAX_PAGE ? this.ready : this.ready.slice(0, MAX_PAGE);
    this.ready = this.ready.length <= MAX_PAGE ? [] : this.ready.slice(MAX_PAGE);
    const done = this.finished && !this.failure && this.ready.length === 0;
    if (done) this.over = true;
    this.resume();
    return { items, done };
  }

  /** Resolves when more has arrived or the listing ended (or after `ms`). */
  private arrival(ms?: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(resolve, ms);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private resume(): void {
    const resume = this.paused;
    this.paused = undefined;
    resume?.();
  }

  cancel(): void {
    this.abort.abort();
    this.resume();
  }
}

interface OpenListing {
  readonly listing: Listing;
  timer: NodeJS.Timeout | undefined;
  /** next() calls in flight: the idle timer runs only while there are none. */
  asking: number;
}

/** The listings in progress, by an id the window cannot guess, each owned by the window that opened it. */
export class ItemListings {
  private readonly open = new Map<string, OpenListing>();
  private readonly perSender: number;
  private readonly highWater: number;
  private readonly idleMs: number;

  constructor(limits: ListingLimits = {}) {
    this.perSender = limits.perSender ?? PER_SENDER;
    this.highWater = limits.highWater ?? HIGH_WATER;
    this.idleMs = limits.idleMs ?? IDLE_MS;
  }

  /** Starts reading for `senderId`'s window (closing its oldest past the cap); the pages are taken with next(id). */
  start(source: PageSource, senderId: string): string {
    const own = [...this.open].filter(([, e]) => e.listing.senderId === senderId);
    for (const [oldId] of own.slice(0, Math.max(0, own.length - this.perSender + 1))) this.close(oldId);
    const id = randomBytes(16).toString('hex');
    this.open.set(id, { listing: new Listing(source, senderId, this.highWater), timer: this.idleTimer(id), asking: 0 });
    return id;
  }

  async next(id: string): Promise<ItemPage> {
    const entry = this.open.get(id);
    if (!entry)
      throw new UserFacingError(
        'listing-gone',
        'This listing is no longer open.',
        'The list stopped loading. Load it again.',
        true,
      );
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.asking++;
    try {
      return await entry.listing.next();
    } finally {
      entry.asking--;
      // the last page (or the failure) ends the listing; otherwise it waits for the next call
      if (entry.listing.over) this.close(id);
      else if (entry.asking === 0 && this.open.get(id) === entry) {
        clearTimeout(entry.timer);
        entry.timer = this.idleTimer(id);
      }
    }
  }

  /** Closes every listing of one window: its page navigated, reloaded, crashed or closed. */
  closeListingsOf(senderId: string): void {
    for (const [id, e] of [...this.open]) if (e.listing.senderId === senderId) this.close(id);
  }

  /** Closes them all (a profile switch: what was listed belongs to the other profile). */
  closeAll(): void {
    for (const id of [...this.open.keys()]) this.close(id);
  }

  /** Views read and not yet taken, over all listings (tests: reading stays bounded). */
  get kept(): number {
    let n = 0;
    for (const e of this.open.values()) n += e.listing.kept;
    return n;
  }

  /** Stops reading (the answer is closed) and forgets what was kept; an unknown id is already closed. */
  close(id: string): void {
    const entry = this.open.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.listing.cancel();
    this.open.delete(id);
  }

  /** Listings still open (tests: nothing is left behind). */
  get size(): number {
    return this.open.size;
  }

  private idleTimer(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.close(id), this.idleMs);
    timer.unref();
    return timer;
  }
}
