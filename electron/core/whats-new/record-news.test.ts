// The refresh's record hooks, each on its own: every one's entries; one whose check could not
// reach the exchange has told nothing and gets its records again at the next refresh (and only
// it: the others told theirs once), a first listing's apart; one that fails for good, or finds
// no news, is done with them.
import { expect, it } from 'vitest';
import { ExchangeError, NetworkError } from '../../services/exchange-errors.js';
import type { StudySession } from '../studies/study-session.js';
import type { ChangeEntry } from './change-log.js';
import { NewsRetry, RETRY_KEPT, RETRY_SPAN_MS, RETRY_TRIES } from './news-retry.js';
import { tellRecords, type RecordBatch, type RecordHook } from './record-news.js';

const containerId = 'c'.repeat(32);
const entry = (itemPath: string): ChangeEntry => ({
  containerId,
  studyTitle: 'Study',
  itemPath,
  name: itemPath,
  kind: 'signoff-answered',
  at: '2026-11-28T10:00:00.000Z',
});
const batch = (recordIds: string[], firstListing = false): RecordBatch => ({
  containerId,
  studyTitle: 'Study',
  recordIds,
  noticedAt: '2026-11-28T10:00:00.000Z',
  firstListing,
});
const s = {} as StudySession;

/** A hook for the records `wants` takes that tells one entry per record it is handed, and throws `failure` while it is set. */
function hook(wants: (id: string) => boolean = () => true): {
  news: RecordHook;
  handed: RecordBatch[];
  failure?: Error;
} {
  const h: { news: RecordHook; handed: RecordBatch[]; failure?: Error } = {
    handed: [],
    news: {
      wants,
      tell: async (_s, news) => {
        h.handed.push(news);
        if (h.failure) throw h.failure;
        return news.recordIds.map(entry);
      },
    },
  };
  return h;
}

const offline = () => new NetworkError('unreachable', 'r');

it('joins every hook’s entries; one that cannot reach the exchange gets its records again, alone', async () => {
  const told = hook();
  const failing = hook();
  failing.failure = offline();
  const retry = new NewsRetry();
  const hooks = { told: told.news, failing: failing.news };

  const first = await tellRecords(hooks, retry, s, batch(['a', 'b']));
  expect(first.entries.map((e) => e.itemPath)).toEqual(['a', 'b']);
  expect(first.retryMoved).toBe(true);
  expect(retry.left('failing')).toEqual({ first: [], later: ['a', 'b'] });
  expect(retry.left('told')).toEqual({ first: [], later: [] });

  // still unreachable at the next refresh, which lists one more record: the new one apart
  const second = await tellRecords(hooks, retry, s, batch(['c']));
  expect(second.entries.map((e) => e.itemPath)).toEqual(['c']);
  expect(failing.handed.slice(-2).map((b) => b.recordIds)).toEqual([['c'], ['a', 'b']]);
  // still unreachable, nothing new: the failed check is counted (the seen file keeps the count)
  expect((await tellRecords(hooks, retry, s, batch([]))).retryMoved).toBe(true);

  // back: the failing hook tells all three once, the other is not handed them again
  failing.failure = undefined;
  const third = await tellRecords(hooks, retry, s, batch([]));
  expect(third.entries.map((e) => e.itemPath).sort()).toEqual(['a', 'b', 'c']);
  expect(told.handed.map((b) => b.recordIds)).toEqual([['a', 'b'], ['c']]);
  expect(retry.empty).toBe(true);
  const fourth = await tellRecords(hooks, retry, s, batch([]));
  expect(fourth).toEqual({ entries: [], retryMoved: false });
});

it('a failure that trying again cannot mend lets the records go', async () => {
  const refused = hook();
  refused.failure = new ExchangeError({ status: 400, code: 1000, message: 'bad', details: '', requestId: 'r' });
  const retry = new NewsRetry();
  expect((await tellRecords({ refused: refused.news }, retry, s, batch(['a']))).entries).toEqual([]);
  expect(retry.empty).toBe(true);
  const broken = hook();
  broken.failure = new TypeError('a bug');
  await tellRecords({ broken: broken.news }, retry, s, batch(['b']));
  expect(retry.empty).toBe(true);
  // a busy exchange is tried again
  const busy = hook();
  busy.failure = new ExchangeError({ status: 503, code: 1018, message: 'busy', details: '', requestId: 'r' });
  await tellRecords({ busy: busy.news }, retry, s, batch(['c']));
  expect(retry.left('busy').later).toEqual(['c']);
});

it('records of a first listing are tried again as a first listing; the seen file keeps them', async () => {
  const h = hook();
  h.failure = offline();
  const retry = new NewsRetry();
  await tellRecords({ h: h.news }, retry, s, batch(['a'], true));
  await tellRecords({ h: h.news }, retry, s, batch(['b']));
  // a restart: what the seen file kept
  const restored = new NewsRetry(JSON.parse(JSON.stringify(retry.seen())));
  expect(restored.left('h')).toEqual({ first: ['a'], later: ['b'] });
  h.failure = undefined;
  h.handed.length = 0;
  await tellRecords({ h: h.news }, restored, s, batch([]));
  expect(h.handed.map((b) => [b.recordIds, b.firstListing])).toEqual([
    [['a'], true],
    [['b'], false],
  ]);
  expect(restored.seen()).toBeUndefined();
});

it('records left to a hook the app no longer has are let go', async () => {
  const gone = hook();
  gone.failure = offline();
  const retry = new NewsRetry();
  await tellRecords({ gone: gone.news }, retry, s, batch(['a']));
  expect(retry.empty).toBe(false);
  const other = hook();
  expect((await tellRecords({ other: other.news }, retry, s, batch([]))).retryMoved).toBe(true);
  expect(retry.empty).toBe(true);
  expect(other.handed).toEqual([]);
});

it('hands a hook, and keeps for it, only the records it reads', async () => {
  const requests = hook((id) => id.startsWith('requests|'));
  requests.failure = offline();
  const retry = new NewsRetry();
  const lines: string[] = [];
  // a large study's first listing, failed: thousands of receipts and one request
  const receipts = Array.from({ length: RETRY_KEPT + 1 }, (_, i) => `receipts|${i}`);
  await tellRecords({ requests: requests.news }, retry, s, batch([...receipts, 'requests|r'], true), (l) =>
    lines.push(l),
  );
  expect(requests.handed.map((b) => b.recordIds)).toEqual([['requests|r']]);
  expect(retry.left('requests')).toEqual({ first: ['requests|r'], later: [] });
  expect(lines).toEqual([]);
});

it('says so when the oldest records go to keep the set within its size', async () => {
  const h = hook();
  h.failure = offline();
  const retry = new NewsRetry();
  const lines: string[] = [];
  const many = Array.from({ length: RETRY_KEPT + 2 }, (_, i) => `requests|${i}`);
  await tellRecords({ h: h.news }, retry, s, batch(many), (l) => lines.push(l));
  expect(retry.left('h').later).toEqual(many.slice(2));
  expect(lines).toEqual([
    `What's new: 2 record(s) left to "h" in study ${containerId} let go (over ${RETRY_KEPT} kept)`,
  ]);
});

it('a record whose check keeps failing holds up no new one, and is given up after many tries over a day', async () => {
  // the check of 'requests|x' always fails (its document cannot be served); any other is told
  const h = hook();
  h.news = {
    ...h.news,
    tell: async (_s, news) => {
      h.handed.push(news);
      if (news.recordIds.includes('requests|x')) throw offline();
      return news.recordIds.map(entry);
    },
  };
  const retry = new NewsRetry();
  const lines: string[] = [];
  const at = (minutes: number) => new Date(Date.parse('2026-11-28T10:00:00.000Z') + minutes * 60_000).toISOString();
  const round = (ids: string[], minutes: number) =>
    tellRecords({ h: h.news }, retry, s, { ...batch(ids), noticedAt: at(minutes) }, (l) => lines.push(l));

  await round(['requests|x'], 0);
  expect((await round(['requests|y'], 1)).entries.map((e) => e.itemPath)).toEqual(['requests|y']);
  expect(retry.left('h').later).toEqual(['requests|x']);
  // many failures within a day: still kept (a long outage is not a broken record)
  for (let i = 2; i < RETRY_TRIES + 5; i++) await round([], i);
  expect(retry.left('h').later).toEqual(['requests|x']);
  expect(lines).toEqual([]);
  // a day after its first failure, with more than RETRY_TRIES failures: given up, and said so
  await round([], RETRY_SPAN_MS / 60_000);
  expect(retry.empty).toBe(true);
  expect(lines).toEqual([
    `What's new: 1 record(s) left to "h" in study ${containerId} given up after ${RETRY_TRIES} failed checks`,
  ]);
  const handed = h.handed.length;
  await round([], RETRY_SPAN_MS / 60_000 + 1);
  expect(h.handed).toHaveLength(handed);
});
