// One study's records a news hook could not check yet (the exchange unreachable, busy or failing
// at that moment), per hook: handed to that hook again at the study's next refresh, and kept with
// the seen state (seen-store.ts), so a restart in between loses none. A check that settles, with
// news or without, lets them go: a record that is no news is checked once, not at every refresh.
// One whose check keeps failing (a document the exchange cannot serve) is let go once it has
// failed RETRY_TRIES times over at least RETRY_SPAN_MS: not after a passing outage, but not never.
import { isJsonObject } from '../../services/atomic-file.js';

/** Records left per study and hook; above it the oldest go (a first listing of a large study that failed). */
export const RETRY_KEPT = 5_000;
/** Failed checks after which a record is let go, once RETRY_SPAN_MS have passed since the first. */
export const RETRY_TRIES = 10;
/** Refreshes come every 30 s: ten failures can be one short outage; a day of them is not. */
export const RETRY_SPAN_MS = 24 * 60 * 60_000;

/** One record left: whether it came from the study's first listing, its failed checks, the first one's time. */
export interface LeftRecord {
  readonly from: 'first' | 'later';
  readonly tries: number;
  /** ISO time of its first failed check. */
  readonly since: string;
}

/** As the seen file keeps it: hook name → record id (pipe form) → what is known of its tries. */
export type RetrySeen = Readonly<Record<string, Readonly<Record<string, LeftRecord>>>>;

/** Records left for one hook: those of the study's first listing apart (they notify nothing). */
export interface LeftToCheck {
  readonly first: readonly string[];
  readonly later: readonly string[];
}

/** What a `keep` changed: whether anything did, how many went for space, how many were given up. */
export interface Kept {
  readonly moved: boolean;
  readonly overflow: number;
  readonly givenUp: number;
}

const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/** One record as the seen file has it; a bare 'first'/'later' (an earlier version's) has its tries start now. */
function parseLeft(value: unknown, at: string): LeftRecord | undefined {
  if (value === 'first' || value === 'later') return { from: value, tries: 0, since: at };
  if (!isJsonObject(value) || (value.from !== 'first' && value.from !== 'later')) return undefined;
  const tries = typeof value.tries === 'number' && Number.isInteger(value.tries) && value.tries >= 0 ? value.tries : 0;
  return { from: value.from, tries, since: isTime(value.since) ? value.since : at };
}

/** The seen file's retry part as written, what is not one dropped; undefined when nothing is left. */
export function parseRetrySeen(value: unknown, at = new Date().toISOString()): RetrySeen | undefined {
  if (!isJsonObject(value)) return undefined;
  const out: Record<string, Record<string, LeftRecord>> = {};
  for (const [hook, ids] of Object.entries(value)) {
    if (!isJsonObject(ids)) continue;
    const kept: Record<string, LeftRecord> = {};
    for (const [id, left] of Object.entries(ids)) {
      const parsed = parseLeft(left, at);
      if (parsed) kept[id] = parsed;
    }
    if (Object.keys(kept).length > 0) out[hook] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export class NewsRetry {
  /** hook → record id → what is known of it, the oldest first. */
  private readonly byHook = new Map<string, Map<string, LeftRecord>>();

  constructor(seen?: RetrySeen) {
    for (const [hook, ids] of Object.entries(seen ?? {})) this.byHook.set(hook, new Map(Object.entries(ids)));
  }

  get empty(): boolean {
    return this.byHook.size === 0;
  }

  left(hook: string): LeftToCheck {
    const first: string[] = [];
    const later: string[] = [];
    for (const [id, { from }] of this.byHook.get(hook) ?? []) (from === 'first' ? first : later).push(id);
    return { first, later };
  }

  /**
   * Their check failed for now (at `at`, ISO): tried again at the next refresh, unless one has
   * failed RETRY_TRIES times over RETRY_SPAN_MS (given up). The set stays within RETRY_KEPT.
   */
  keep(hook: string, ids: readonly string[], first: boolean, at: string): Kept {
    if (ids.length === 0) return { moved: false, overflow: 0, givenUp: 0 };
    let left = this.byHook.get(hook);
    if (!left) this.byHook.set(hook, (left = new Map()));
    let givenUp = 0;
    for (const id of ids) {
      const before = left.get(id);
      const now = {
        from: first ? 'first' : 'later',
        tries: (before?.tries ?? 0) + 1,
        since: before?.since ?? at,
      } as const;
      left.delete(id); // the newest last: the oldest go first
      if (now.tries >= RETRY_TRIES && Date.parse(at) - Date.parse(now.since) >= RETRY_SPAN_MS) givenUp++;
      else left.set(id, now);
    }
    let overflow = 0;
    for (const id of left.keys()) {
      if (left.size <= RETRY_KEPT) break;
      left.delete(id);
      overflow++;
    }
    if (left.size === 0) this.byHook.delete(hook);
    return { moved: true, overflow, givenUp };
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
    const out: Record<string, Record<string, LeftRecord>> = {};
    for (const [hook, left] of this.byHook) out[hook] = Object.fromEntries(left);
    return out;
  }
}
