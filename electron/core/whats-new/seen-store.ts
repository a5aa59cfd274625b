// What the user has seen, per profile, in the data folder (`changes/<profile id>.json`, written
// atomically): per study the versions known when last listed and a watermark (so changes made
// while the app was closed are New after a restart), the items still New, the records whose news
// is still to be checked, and the Changes log.
// Bounded: a study above KNOWN_KEPT items keeps only its watermark; New and Changes are capped.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isJsonObject, readJsonFile, writeFileAtomic } from '../../services/atomic-file.js';
import type { ChangeEntry } from './change-log.js';
import { parseRetrySeen, type RetrySeen } from './news-retry.js';

/** Item versions kept per study across a restart (above it, only the watermark tells what changed). */
export const KNOWN_KEPT = 5_000;
/** Item versions kept across all studies: the file stays a few megabytes at most. */
export const KNOWN_KEPT_TOTAL = 50_000;
/** New marks kept per study: the newest win. */
export const UNSEEN_KEPT = 5_000;

export interface StudySeen {
  /** The newest `updatedAt` listed: after a restart, anything at or after it that is not known changed. */
  readonly watermark?: string;
  /** Item id (pipe form) → the version seen (see `versionOf`); absent above KNOWN_KEPT items. */
  readonly known?: Readonly<Record<string, string>>;
  /** Items New (pipe form). */
  readonly unseen: readonly string[];
  /** Records whose news a hook could not check yet (news-retry.ts). */
  readonly retry?: RetrySeen;
}

export interface SeenState {
  readonly version: 1;
  readonly studies: Readonly<Record<string, StudySeen>>;
  readonly changes: readonly ChangeEntry[];
}

export function seenFile(dataDir: string, profileId: string): string {
  return join(dataDir, 'changes', `${profileId}.json`);
}

/** The state as written, or undefined (none yet, or unreadable: then a first run, nothing New). */
function parsed(value: unknown): SeenState | undefined {
  if (!isJsonObject(value) || value.version !== 1 || !isJsonObject(value.studies) || !Array.isArray(value.changes))
    return undefined;
  const studies: Record<string, StudySeen> = {};
  for (const [id, s] of Object.entries(value.studies)) {
    if (!isJsonObject(s)) continue;
    const retry = parseRetrySeen(s.retry);
    studies[id] = {
      ...(typeof s.watermark === 'string' ? { watermark: s.watermark } : {}),
      ...(isJsonObject(s.known) ? { known: s.known as Record<string, string> } : {}),
      unseen: Array.isArray(s.unseen) ? s.unseen.filter((p): p is string => typeof p === 'string') : [],
      ...(retry ? { retry } : {}),
    };
  }
  const changes = value.changes.filter(
    (e): e is ChangeEntry =>
      isJsonObject(e) &&
      typeof e.containerId === 'string' &&
      typeof e.itemPath === 'string' &&
      (e.noticedAt === undefined || typeof e.noticedAt === 'string'),
  );
  return { version: 1, studies, changes };
}

/** Reads once, writes one at a time (the latest state wins; a crash leaves the old file or the new). */
export class SeenStore {
  private writing: Promise<void> = Promise.resolve();
  private discarded = false;

  /** No file: kept in memory only (a session opened outside the app). */
  constructor(private readonly file?: string) {}

  async load(): Promise<SeenState | undefined> {
    if (!this.file) return undefined;
    return parsed(await readJsonFile<unknown>(this.file).catch(() => undefined));
  }

  /** Queues a write of `state` (taken now); the answer settles once it is on disk. */
  save(state: SeenState): Promise<void> {
    const file = this.file;
    if (!file || this.discarded) return Promise.resolve();
    const text = bounded(state);
    this.writing = this.writing.then(() => writeFileAtomic(file, JSON.stringify(text))).catch(() => undefined);
    return this.writing;
  }

  /** Settles once every queued write is done. */
  flush(): Promise<void> {
    return this.writing;
  }

  /** The profile is gone: nothing is written again, and the file goes once queued writes are done. */
  async discard(): Promise<void> {
    this.discarded = true;
    await this.writing;
    if (this.file) await rm(this.file, { force: true });
  }
}

function bounded(state: SeenState): SeenState {
  const studies: Record<string, StudySeen> = {};
  let total = 0;
  for (const [id, s] of Object.entries(state.studies)) {
    const size = s.known ? Object.keys(s.known).length : 0;
    const keep = size <= KNOWN_KEPT && total + size <= KNOWN_KEPT_TOTAL;
    if (keep) total += size;
    const known = keep ? s.known : undefined;
    studies[id] = {
      ...(s.watermark ? { watermark: s.watermark } : {}),
      ...(known ? { known } : {}),
      unseen: s.unseen.slice(-UNSEEN_KEPT),
      ...(s.retry ? { retry: s.retry } : {}),
    };
  }
  return { version: 1, studies, changes: state.changes };
}
