// One study's records a news hook could not check yet (the exchange unreachable, busy or failing
// at that moment), per hook: handed to that hook again at the study's next refresh, and kept with
// the seen state (seen-store.ts), so a restart in between loses none. A check that settles, with
// news or without, lets them go: a record that is no news is checked once, not at every refresh.

/** Records left per study and hook; above it the oldest go (a first listing of a large study that failed). */
export const RETRY_KEPT = 5_000;

/** As the seen file keeps it: hook name → record id (pipe form) → whether it came from the study's first listing. */
export type RetrySeen = Readonly<Record<string, Readonly<Record<string, 'first' | 'later'>>>>;

/** Records left for one hook: those of the study's first listing apart (they notify nothing). */
export interface LeftToCheck {
  readonly first: readonly string[];
  readonly later: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The seen file's retry part as written, what is not one dropped; undefined when nothing is left. */
export function parseRetrySeen(value: unknown): RetrySeen | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, Record<string, 'first' | 'later'>> = {};
  for (const [hook, ids] of Object.entries(value)) {
    if (!isObject(ids)) continue;
    const kept: Record<string, 'first' | 'later'> = {};
    for (const [id, from] of Object.entries(ids)) if (from === 'first' || from === 'later') kept[id] = from;
    if (Object.keys(kept).length > 0) out[hook] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export class NewsRetry {
  /** hook → record id → from the first listing. */
  private readonly byHook = new Map<string, Map<string, boolean>>();

  constructor(seen?: RetrySeen) {
    for (const [hook, ids] of Object.entries(seen ?? {}))
      for (const [id, from] of Object.entries(ids)) this.keep(hook, [id], from === 'first');
  }

  get empty(): boolean {
    return this.byHook.size === 0;
  }

  left(hook: string): LeftToCheck {
    const first: string[] = [];
    const later: string[] = [];
    for (const [id, isFirst] of this.byHook.get(hook) ?? []) (isFirst ? first : later).push(id);
    return { first, later };
  }

  /**
   * Their check failed for now: tried again at the next refresh. Answers whether any was not left
   * already, and how many of the oldest went to stay within RETRY_KEPT.
   */
  keep(hook: string, ids: readonly string[], first: boolean): { moved: boolean; overflow: number } {
    let left = this.byHook.get(hook);
    let moved = false;
    for (const id of ids) {
      if (left?.get(id) === first) continue;
      if (!left) this.byHook.set(hook, (left = new Map()));
      left.delete(id); // the newest last: the oldest go first
      left.set(id, first);
      moved = true;
    }
    let overflow = 0;
    for (const id of left?.keys() ?? []) {
      if (left!.size <= RETRY_KEPT) break;
      left!.delete(id);
      overflow++;
    }
    return { moved, overflow };
  }

  /** Their check settled. Answers whether any was left. */
  drop(hook: string, ids: readonly string[]): boolean {
    const left = this.byHook.get(hook);
    if (!left) return false;
    let dropped = false;
    for (const id of ids) dropped = left.delete(id) || dropped;
    if (left.size === 0) this.byHook.delete(hook);
    return dropped;
  }

  /** Keeps only these hooks' records (a hook an earlier version had is gone). Answers whether any went. */
  keepOnly(hooks: readonly string[]): boolean {
    let dropped = false;
    for (const hook of this.byHook.keys()) if (!hooks.includes(hook)) dropped = this.byHook.delete(hook) || dropped;
    return dropped;
  }

  seen(): RetrySeen | undefined {
    if (this.empty) return undefined;
    const out: Record<string, Record<string, 'first' | 'later'>> = {};
    for (const [hook, left] of this.byHook) {
      const ids: Record<string, 'first' | 'later'> = {};
      for (const [id, isFirst] of left) ids[id] = isFirst ? 'first' : 'later';
      out[hook] = ids;
    }
    return out;
  }
}
