// What other organizations' new records tell beyond the file list (a sign-off request asked of
// this organization, an answer to one of its own): the refresh's record hooks, each run on its own
// over one study's new records it reads (its `wants`: a request hook is handed requests only,
// and keeps only those) and those its check could not settle before (news-retry.ts). A
// hook that throws for a transient reason (the exchange unreachable, busy, failing) told nothing:
// its records are left for the next refresh (called apart from the new ones, and given up after
// many failures: news-retry.ts), so nothing is lost and nothing told twice; one that
// throws for any other reason, like one that finds no news, is done with them, as is a hook the
// app no longer has (its name in an older seen file).
import { isTransient } from '../../services/exchange-errors.js';
import type { StudySession as Session } from '../studies/study-session.js';
import type { ChangeEntry } from './change-log.js';
import { RETRY_KEPT, RETRY_TRIES, type NewsRetry } from './news-retry.js';

export interface RecordBatch {
  readonly containerId: string;
  readonly studyTitle: string;
  /** Other organizations' reserved records (pipe form), new or of another version. */
  readonly recordIds: readonly string[];
  readonly noticedAt: string;
  /** The study's first listing: every record listed, nothing known before. */
  readonly firstListing: boolean;
}

/**
 * One feature's news from a batch of records: Changes entries, names already cleaned. It throws
 * only when it could not check them (then it has told nothing, notifications included).
 */
export type RecordNews = (s: Session, news: RecordBatch) => Promise<ChangeEntry[]>;

export interface RecordHook {
  /** By the id (pipe form) alone, cheaply: whether the hook reads this record; it is handed and keeps no other. */
  readonly wants: (recordId: string) => boolean;
  readonly tell: RecordNews;
}

/** The refresh's record hooks by name; the name keys what is left to check in the seen file, so it stays. */
export type RecordNewsHooks = Readonly<Record<string, RecordHook>>;

/** Every hook's entries for these records and those left to it; answers whether what is left moved. */
export async function tellRecords(
  hooks: RecordNewsHooks,
  retry: NewsRetry,
  s: Session,
  news: RecordBatch,
  log: (line: string) => void = (line) => console.error(line),
): Promise<{ entries: ChangeEntry[]; retryMoved: boolean }> {
  let retryMoved = retry.keepOnly(Object.keys(hooks));
  const told = await Promise.all(
    Object.entries(hooks).map(async ([name, { wants, tell }]) => {
      const left = retry.left(name);
      const recordIds = news.recordIds.filter((id) => wants(id));
      const fresh = new Set(recordIds);
      // a record left from before and listed again (another version) is this listing's
      const old = (ids: readonly string[]) => ids.filter((id) => wants(id) && !fresh.has(id));
      // the new records apart from those left: one that keeps failing holds up no other
      const batches = [
        { first: news.firstListing, ids: recordIds },
        { first: true, ids: old(left.first) },
        { first: false, ids: old(left.later) },
      ];
      const entries: ChangeEntry[] = [];
      for (const { first, ids } of batches) {
        if (ids.length === 0) continue;
        try {
          entries.push(...(await tell(s, { ...news, recordIds: ids, firstListing: first })));
          retryMoved = retry.drop(name, ids) || retryMoved;
        } catch (e) {
          if (!isTransient(e)) {
            retryMoved = retry.drop(name, ids) || retryMoved;
            continue;
          }
          const { moved, overflow, givenUp } = retry.keep(name, ids, first, news.noticedAt);
          retryMoved = moved || retryMoved;
          const where = `left to "${name}" in study ${news.containerId}`;
          if (overflow > 0) log(`What's new: ${overflow} record(s) ${where} let go (over ${RETRY_KEPT} kept)`);
          if (givenUp > 0) log(`What's new: ${givenUp} record(s) ${where} given up after ${RETRY_TRIES} failed checks`);
        }
      }
      return entries;
    }),
  );
  return { entries: told.flat(), retryMoved };
}
