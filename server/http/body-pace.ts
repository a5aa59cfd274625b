// An unverified body must keep coming (docs/protocol.md §6): one that sends nothing for
// `stallMs`, or less than `minBytesPerSecond` on average once `stallMs` have passed since it
// began, is cut (408, code 1021), so a client that cannot sign cannot hold a reservation of
// the unverified budget by trickling a byte now and then.
// One timer per body, re-armed only when it fires: it fires at the earliest moment the
// body could be too slow given what had arrived, and looks again with what has arrived since.

export const DEFAULT_BODY_STALL_MS = 30_000;
export const DEFAULT_MIN_BODY_BYTES_PER_SECOND = 16 * 1024;
/** However fast it came, an unverified body holds its reservation this long at most (decisions §5). */
export const DEFAULT_MAX_BODY_MS = 10 * 60_000;

export interface BodyPace {
  /** No byte for this long, or an average under the minimum once this long has passed. */
  readonly stallMs: number;
  readonly minBytesPerSecond: number;
  /** The longest an unverified body may take in all, the server's own pauses included. */
  readonly maxMs?: number;
}

export const DEFAULT_BODY_PACE: BodyPace = {
  stallMs: DEFAULT_BODY_STALL_MS,
  minBytesPerSecond: DEFAULT_MIN_BODY_BYTES_PER_SECOND,
  maxMs: DEFAULT_MAX_BODY_MS,
};

export interface PaceWatch {
  /** `total` bytes have arrived so far. */
  arrived(total: number): void;
  /** The server itself stopped reading (the disk is behind): that time is not the client's. */
  hold(): void;
  resume(): void;
  stop(): void;
}

/** Calls `tooSlow` (once) with what went wrong when the body falls behind the pace. */
export function watchPace(pace: BodyPace, tooSlow: (why: string) => void, now: () => number = Date.now): PaceWatch {
  let started = now();
  const began = started;
  const maxMs = pace.maxMs ?? DEFAULT_MAX_BODY_MS;
  let last = started;
  let heldAt: number | undefined;
  let stopped = false;
  let total = 0;
  let timer: NodeJS.Timeout | undefined;
  // when the body is too slow unless more arrives: no byte since `last`, or the average at that
  // moment under the minimum (the moment `total` bytes stop being enough)
  // (and never later than `maxMs` after it began, however fast it comes)
  const deadline = (): number =>
    Math.min(
      last + pace.stallMs,
      started + Math.max(pace.stallMs, (total / pace.minBytesPerSecond) * 1000),
      began + maxMs,
    );
  let confirming = false;
  const check = (): void => {
    timer = undefined;
    if (stopped) return;
    const t = now();
    if (t >= began + maxMs) {
      tooSlow(`The body took more than ${maxMs / 1000} s before its signature could be checked.`);
      return;
    }
    if (heldAt !== undefined) return;
    if (t < deadline()) {
      confirming = false;
      arm();
      return;
    }
    // Timers run before pending reads: after the event loop was busy, bytes that came in time
    // may not have been read yet. Look once more after this turn's reads.
    if (!confirming) {
      confirming = true;
      setImmediate(check);
      return;
    }
    const elapsed = t - started;
    tooSlow(
      t - last >= pace.stallMs
        ? `No byte of the body arrived for ${Math.round((t - last) / 1000)} s (at most ${pace.stallMs / 1000} s before its signature is checked).`
        : `The body came at ${Math.round(total / (elapsed / 1000))} bytes/s on average over ${Math.round(elapsed / 1000)} s; at least ${pace.minBytesPerSecond} are needed before its signature is checked.`,
    );
  };
  const arm = (): void => {
    timer = setTimeout(check, Math.max(1, deadline() - now()));
    timer.unref();
  };
  arm();
  return {
    arrived(n: number): void {
      total = n;
      last = now();
    },
    hold(): void {
      heldAt ??= now();
    },
    resume(): void {
      if (heldAt === undefined || stopped) return;
      const held = now() - heldAt;
      heldAt = undefined;
      started += held;
      last += held;
      if (!timer) arm();
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
      stopped = true;
    },
  };
}
