// The refresh's one record hook made of several: every one's entries, in order, and one that
// fails takes nothing from the others.
import { expect, it } from 'vitest';
import type { StudySession } from '../studies/study-session.js';
import type { ChangeEntry } from './change-log.js';
import { everyRecordNews } from './record-news.js';
import type { RecordNews } from './study-changes.js';

const entry = (itemPath: string): ChangeEntry => ({
  containerId: 'c'.repeat(32),
  studyTitle: 'Study',
  itemPath,
  name: itemPath,
  kind: 'signoff-answered',
  at: '2026-11-28T10:00:00.000Z',
});

it('joins every hook’s entries; a failing one tells nothing', async () => {
  const told: RecordNews = async (_s, news) => [entry(`a/${news.items.length}`)];
  const failing: RecordNews = async () => {
    throw new Error('unreachable');
  };
  const both: RecordNews = async () => [entry('b/1'), entry('b/2')];
  const news = { containerId: 'c'.repeat(32), studyTitle: 'Study', items: [], noticedAt: '', firstListing: false };
  const entries = await everyRecordNews(told, failing, both)({} as StudySession, news);
  expect(entries.map((e) => e.itemPath)).toEqual(['a/0', 'b/1', 'b/2']);
});
