// When the shared refresh's rounds run: one every interval while the gate is open, one at a time
// (a round asked for while one runs comes after it), later and later while the exchange cannot be
// reached (doubling up to a limit), none while the gate is shut.
import { NetworkError } from '../../services/exchange-errors.js';

/** A timer the tests can drive: runs `fn` after `ms`, answers how to cancel it. */
export type SetTimer = (fn: () => void, ms: number) => () => void;

export const realTimer: SetTimer = (fn, ms) => {
  const t = setTimeout(fn, ms);
  t.unref();
  return () => clearTimeout(t);
};

export interface LoopTiming {
  /** Between two rounds. */
  readonly intervalMs: number;
  /** The longest wait between tries while the exchange cannot be reached (doubling from intervalMs). */
  readonly backoffMaxMs: number;
}

export interface LoopOptions {
  /** One round: every study (`only` absent) or one; settles with when it began. */
  readonly round: (only?: string) => Promise<number>;
  /** Whether rounds run on their own now. */
  readonly isOpen: () => boolean;
  readonly timing: () => LoopTiming;
  readonly now: () => number;
  readonly setTimer: SetTimer;
}

export class RoundLoop {
  private running?: Promise<void>;
  private runningSince = 0;
  private queued?: Promise<void>;
  /** When the last round of every study began. */
  private lastRoundAt?: number;
  private failures = 0;
  private cancelTimer?: () => void;

  constructor(private readonly o: LoopOptions) {}

  /** Settles once a round that began less than `maxAgeMs` ago has ended (running one now when none has). */
  fresh(maxAgeMs: number, owed: boolean): Promise<void> {
    const age = (at: number) => this.o.now() - at < maxAgeMs;
    if (!owed) {
      if (this.running && age(this.runningSince)) return this.running;
      if (!this.running && this.lastRoundAt !== undefined && age(this.lastRoundAt)) return Promise.resolve();
    }
    return this.request();
  }

  /** Stops the timer (the watcher closed); a round under way ends on its own. */
  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  /** The next round: after the interval, later while the exchange is unreachable, none while shut. */
  scheduleNext(): void {
    this.stop();
    if (!this.o.isOpen() || this.running) return;
    const { intervalMs, backoffMaxMs } = this.o.timing();
    const wait =
      this.failures > 0
        ? Math.min(intervalMs * 2 ** this.failures, backoffMaxMs)
        : this.lastRoundAt === undefined
          ? 0
          : Math.max(0, this.lastRoundAt + intervalMs - this.o.now());
    this.cancelTimer = this.o.setTimer(() => {
      this.cancelTimer = undefined;
      this.request().catch(() => undefined);
    }, wait);
  }

  request(only?: string): Promise<void> {
    if (!this.running) return this.start(only);
    // the running round may have listed before what the caller wants: one more after it
    return (this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      }));
  }

  private start(only?: string): Promise<void> {
    this.stop();
    this.runningSince = this.o.now();
    const round = this.o.round(only).then(
      (startedAt) => {
        this.failures = 0;
        if (!only) this.lastRoundAt = startedAt;
      },
      (e: unknown) => {
        if (e instanceof NetworkError) this.failures++;
        throw e;
      },
    );
    const running = round.finally(() => {
      this.running = undefined;
      this.scheduleNext();
    });
    running.catch(() => undefined);
    this.running = running;
    return running;
  }
}
