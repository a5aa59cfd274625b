// How often the shared refresh runs (study-watch.ts): its interval while a window is visible and
// while none is but notifications are on (watch-gate.ts), how long a whole listing stands, how
// many studies are listed at once, and how far it backs off while the exchange is unreachable.
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

/** The timing now: while no window is visible, rounds come every hiddenIntervalMs (their plan follows). */
export function cadenceTiming(timing: WatchTiming, gate: WatchGate | undefined, profileId: string): WatchTiming {
  const hidden = gate?.cadence(profileId) === 'hidden';
  return hidden ? { ...timing, intervalMs: timing.hiddenIntervalMs } : timing;
}
