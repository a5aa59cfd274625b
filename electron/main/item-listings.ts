// A study's listing handed to the window in pages while the answer streams in: main reads the
// answer as it arrives and keeps the views made of it until the window asks for them
// (items.listNext), so the first rows show long before the last item has arrived.
import { randomBytes } from 'node:crypto';
import { UserFacingError } from '../../shared/app-error.js';
import type { ItemPage, ItemView } from '../../shared/ipc/views.js';

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

type PageSource = (signal: AbortSignal) => AsyncIterable<readonly ItemView[]>;

class Listing {
  private ready: ItemView[] = [];
  private finished = false;
  private failure: { readonly error: unknown } | undefined;
  private waiting: (() => void)[] = [];
  private readonly abort = new AbortController();
  /** The last page or the failure has been handed over. */
  over = false;

  constructor(source: PageSource) {
    void this.read(source);
  }

  private async read(source: PageSource): Promise<void> {
    try {
      for await (const page of source(this.abort.signal)) {
        for (const view of page) this.ready.push(view);
        this.wakeUp();
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
    while (this.ready.length < MIN_PAGE && !this.finished && Date.now() < until) await this.arrival(until - Date.now());
    if (this.ready.length === 0 && this.failure) {
      this.over = true;
      throw this.failure.error;
    }
    const items = this.ready.length <= MAX_PAGE ? this.ready : this.ready.slice(0, MAX_PAGE);
    this.ready = this.ready.length <= MAX_PAGE ? [] : this.ready.slice(MAX_PAGE);
    const done = this.finished && !this.failure && this.ready.length === 0;
    if (done) this.over = true;
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


  cancel(): void {
    this.abort.abort();
  }
}

/** The listings in progress, by an id the window cannot guess. */
export class ItemListings {
  private readonly open = new Map<string, { readonly listing: Listing; timer: NodeJS.Timeout }>();

  /** Starts reading; the pages are taken with next(id). */
  start(source: PageSource): string {
    const id = randomBytes(16).toString('hex');
    this.open.set(id, { listing: new Listing(source), timer: this.idleTimer(id) });
    return id;
  }

  async next(id: string): Promise<ItemPage> {
    const entry = this.open.get(id);
    if (!entry) throw new UserFacingError('listing-gone', 'This listing is no longer open.', 'The list stopped loading. Load it again.', true);
    clearTimeout(entry.timer);
    try {
      return await entry.listing.next();
    } finally {
      // the last page (or the failure) ends the listing; otherwise it waits for the next call
      if (entry.listing.over) this.open.delete(id);
      else entry.timer = this.idleTimer(id);
    }
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
    const timer = setTimeout(() => this.close(id), IDLE_MS);
    timer.unref();
    return timer;
  }
}
