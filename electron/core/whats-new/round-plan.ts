// How one round of the shared refresh goes: which studies it lists whole (the rest `since` their
// newest item), spread so that each study's whole listing comes every wholeMs but a round lists
// only its share of them, and a few studies at once.
export interface PlanTiming {
  readonly intervalMs: number;
  readonly wholeMs: number;
}

/** A study as the plan sees it: when it was last listed whole; undefined when not listed yet in this run. */
export interface PlannedStudy {
  readonly id: string;
  readonly listedWholeAt?: number;
  /** Owed a whole listing: the user refreshed it, or this app changed it. */
  readonly forced: boolean;
}

/**
 * The studies this round lists whole: those not listed yet in this run, those owed one, and of
 * those whose whole listing is due, the longest due first, at most one round's share
 * (`studies` × interval / wholeMs): after a long pause every study is due, and they spread again.
 */
export function wholeThisRound(
  todo: readonly PlannedStudy[],
  studies: number,
  startedAt: number,
  t: PlanTiming,
): Set<string> {
  const whole = new Set<string>();
  const due: PlannedStudy[] = [];
  for (const st of todo) {
    if (st.listedWholeAt === undefined || st.forced) whole.add(st.id);
    else if (startedAt - st.listedWholeAt >= t.wholeMs) due.push(st);
  }
  const share = t.wholeMs > 0 ? Math.max(1, Math.ceil((studies * t.intervalMs) / t.wholeMs)) : Infinity;
  due.sort((a, b) => a.listedWholeAt! - b.listedWholeAt!);
  for (const st of due.slice(0, share)) whole.add(st.id);
  return whole;
}

/**
 * When a study first listed in this run at `startedAt` counts as listed whole: backdated by a
 * round per place in the exchange's list (modulo the rounds in wholeMs), so the studies' next
 * whole listings fall in different rounds instead of all in one.
 */
export function firstWholeAt(startedAt: number, index: number, t: PlanTiming): number {
  const rounds = t.intervalMs > 0 ? Math.max(1, Math.floor(t.wholeMs / t.intervalMs)) : 1;
  return startedAt - Math.min(t.wholeMs, t.intervalMs * (index % rounds));
}

/** Runs `fn` on each of `list`, at most `limit` at once. */
export async function eachLimited<T>(list: readonly T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await fn(list[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
