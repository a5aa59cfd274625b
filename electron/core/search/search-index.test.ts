// "Find in all studies" on a study above the size where search once stopped decrypting
// (5,000 items): every item's name is found, against the real reference server and a real session.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import type { SearchHit } from '../../../shared/search-rank.js';
import type { Session } from '../profiles/session.js';
import type { Item } from '../../../shared/types.js';
import { fillStudy, fixtureSession } from '../test-support/fixture-session.js';
import { SEARCH_TIMING } from './search-index.js';

/** The hits once every header is read (the window asks again while `indexing` is present). */
async function indexed(s: Session, query: string, limit?: number): Promise<SearchHit[]> {
  for (;;) {
    const answer = await s.search.find(query, limit);
    if (!answer.indexing) return answer.hits;
    await delay(200);
  }
}

/**
 * One search that refreshes (freshMs 0), waited out without starting another: a loaded machine
 * may take longer than the search's patience, and each further ask would otherwise refresh again.
 */
async function refreshed(s: Session, query: string, limit?: number): Promise<SearchHit[]> {
  const first = await s.search.find(query, limit);
  if (!first.indexing) return first.hits;
  const freshMs = SEARCH_TIMING.freshMs;
  SEARCH_TIMING.freshMs = 60_000;
  try {
    return await indexed(s, query, limit);
  } finally {
    SEARCH_TIMING.freshMs = freshMs;
  }
}

const ITEMS = 5_200;

const asList = (answer: Item | Item[]): Item[] => (Array.isArray(answer) ? answer : [answer]);

let fx: ExchangeFixture;
let dir: string;
let session: Session;
let studyId: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'search-index-'));
  studyId = (await fx.sirb.client.createContainer()).id;
  await fillStudy(
    fx,
    fx.sirb,
    studyId,
    ITEMS,
    (i) => `site-${i % 10}`,
    (i) => (i === ITEMS - 7 ? 'zebrafish-consent-v4.pdf' : `visit-report-${i}.pdf`),
  );
  session = await fixtureSession(fx, fx.sirb, dir);
}, 120_000);

afterAll(async () => {
  session?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A new study of the sIRB's with `count` documents in `docs`, and a session of its own noting how
 * each study is listed: whole, or only what changed since its newest item.
 */
async function watchedStudy(folder: string, count: number, name: (i: number) => string) {
  const study = (await fx.sirb.client.createContainer()).id;
  await fillStudy(fx, fx.sirb, study, count, () => 'docs', name);
  const own = await fixtureSession(fx, fx.sirb, await mkdtemp(join(dir, folder)));
  const listed: { id: string; kind: string }[] = [];
  const list = own.client.listItems.bind(own.client);
  own.client.listItems = ((containerId, path, options = {}) => {
    if (options.recurse) listed.push({ id: containerId, kind: options.since ? 'since' : 'whole' });
    return list(containerId, path, options);
  }) as typeof own.client.listItems;
  const kinds = (id: string) => listed.filter((l) => l.id === id).map((l) => l.kind);
  return { study, own, asked: () => kinds(study), kinds };
}

describe('SearchIndex', () => {
  it('finds any document of a study above 5,000 items by the file name inside its header', async () => {
    // the study's title as the session last read or wrote it (no study record here)
    session.rememberTitle(studyId, 'Protocol 2026-114: Sleep and Recovery');
    const hits = await indexed(session, 'zebrafish');
    expect(hits.map((h) => [h.name, h.studyTitle, h.folder, h.kind])).toEqual([
      ['zebrafish-consent-v4.pdf', 'Protocol 2026-114: Sleep and Recovery', 'site-3', 'document'],
    ]);
    // the first and the last item listed are both covered, not only a first batch
    expect((await indexed(session, 'visit-report-0.pdf')).map((h) => h.name)).toContain('visit-report-0.pdf');
    expect((await indexed(session, `visit-report-${ITEMS - 1}.pdf`)).map((h) => h.name)).toContain(
      `visit-report-${ITEMS - 1}.pdf`,
    );
    // the study itself is found by its cached title
    expect((await indexed(session, 'sleep and recovery'))[0]).toMatchObject({ kind: 'study', containerId: studyId });
  }, 180_000);

  it('answers while headers are still being opened, with the hits so far and how far it has read', async () => {
    // a session of its own: nothing opened yet, so reading 5,200 headers takes seconds
    const fresh = await fixtureSession(fx, fx.sirb, await mkdtemp(join(dir, 'fresh-')));
    try {
      // every document but one is a visit report; a limit above the study's size counts them all
      const first = await fresh.search.find('visit-report', ITEMS);
      expect(first.indexing).toBeDefined();
      let partial = first;
      while (partial.indexing && partial.indexing.opened === 0)
        partial = await fresh.search.find('visit-report', ITEMS);
      const progress = partial.indexing!;
      expect(progress.total).toBe(ITEMS);
      expect(progress.opened).toBeGreaterThan(0);
      expect(progress.opened).toBeLessThan(ITEMS);
      // the hits are those among the headers read so far (the zebrafish may be one of them)
      expect(partial.hits.length).toBeGreaterThanOrEqual(progress.opened - 1);
      expect(partial.hits.length).toBeLessThanOrEqual(progress.opened);
      // and once every header is read, all of them, with no progress left
      const all = await indexed(fresh, 'visit-report', ITEMS);
      expect(all).toHaveLength(ITEMS - 1);
      expect((await fresh.search.find('zebrafish')).hits.map((h) => h.name)).toEqual(['zebrafish-consent-v4.pdf']);
    } finally {
      fresh.close();
    }
  }, 180_000);

  it('refreshes from the shared refresh: what changed since (opening only the studies where something did), a study listed whole only every few minutes', async () => {
    const { study, own, asked, kinds } = await watchedStudy('since-', 3, (i) => `alpha-${i}.pdf`);
    const timing = { ...SEARCH_TIMING };
    try {
      expect(await indexed(own, 'alpha', 10)).toHaveLength(3);
      expect(asked()).toEqual(['whole']);
      SEARCH_TIMING.freshMs = 0; // every search refreshes
      // unchanged: asked since, nothing new, and the other (5,200-item) study not opened again
      expect(await refreshed(own, 'alpha', 10)).toHaveLength(3);
      expect(asked()).toEqual(['whole', 'since']);
      // a new document: found by the since refresh
      await fillStudy(
        fx,
        fx.sirb,
        study,
        1,
        () => 'docs',
        () => 'beta-new.pdf',
      );
      expect((await refreshed(own, 'beta')).map((h) => h.name)).toEqual(['beta-new.pdf']);
      expect(asked()).toEqual(['whole', 'since', 'since']);
      expect(kinds(studyId).filter((k) => k === 'whole')).toHaveLength(1);
      // a document deleted, which since cannot report: the next whole listing drops it
      const gone = asList(await fx.sirb.client.listItems(study, undefined, { recurse: true })).find((i) =>
        i.id.startsWith('docs|'),
      )!;
      await fx.sirb.client.deleteItem(study, gone.id);
      own.watch.timing.wholeMs = 0; // the shared refresh lists whole at once
      const documents = async (): Promise<string[]> =>
        [...(await indexed(own, 'alpha', 10)), ...(await indexed(own, 'beta', 10))].map((h) => h.itemPath);
      expect(await documents()).toHaveLength(3);
      expect(await documents()).not.toContain(gone.id.replace('|', '/'));
      expect(asked().at(-1)).toBe('whole');
    } finally {
      Object.assign(SEARCH_TIMING, timing);
      own.close();
    }
  }, 180_000);

  it('finds what the shared refresh found since, without listing on its own', async () => {
    const study = (await fx.sirb.client.createContainer()).id;
    await fillStudy(
      fx,
      fx.sirb,
      study,
      1,
      () => 'docs',
      () => 'gamma-0.pdf',
    );
    const own = await fixtureSession(fx, fx.sirb, await mkdtemp(join(dir, 'shared-')));
    try {
      expect((await indexed(own, 'gamma')).map((h) => h.name)).toEqual(['gamma-0.pdf']);
      await fillStudy(
        fx,
        fx.sirb,
        study,
        1,
        () => 'docs',
        () => 'delta-new.pdf',
      );
      // the refresh the window's loop runs (or its Refresh button)
      await own.watch.refresh();
      let listings = 0;
      const list = own.client.listItems.bind(own.client);
      own.client.listItems = ((containerId, path, options) => {
        listings++;
        return list(containerId, path, options);
      }) as typeof own.client.listItems;
      expect((await indexed(own, 'delta')).map((h) => h.name)).toEqual(['delta-new.pdf']);
      expect(listings).toBe(0);
    } finally {
      own.close();
    }
  }, 180_000);

  it('opens headers only when Find first needs them: a study listed before is listed whole once more, then never for names', async () => {
    const { study, own, asked } = await watchedStudy('lazy-', 2, (i) => `epsilon-${i}.pdf`);
    const timing = { ...SEARCH_TIMING };
    try {
      // the window's loop listed every study before any search: nothing opened, nothing kept of the listing
      await own.watch.refresh();
      expect(asked()).toEqual(['whole']);
      expect((await indexed(own, 'epsilon')).map((h) => h.name).sort()).toEqual(['epsilon-0.pdf', 'epsilon-1.pdf']);
      expect(asked()).toEqual(['whole', 'whole']);
      // a new document: named from the since listing that found it, nothing listed whole for it
      await fillStudy(
        fx,
        fx.sirb,
        study,
        1,
        () => 'docs',
        () => 'epsilon-new.pdf',
      );
      SEARCH_TIMING.freshMs = 0;
      expect((await indexed(own, 'epsilon')).map((h) => h.name)).toContain('epsilon-new.pdf');
      expect(asked()).toEqual(['whole', 'whole', 'since']);
    } finally {
      Object.assign(SEARCH_TIMING, timing);
      own.close();
    }
  }, 180_000);

  it('finds a document by the title another client gave it, cleaned as its file name is', async () => {
    const study = (await fx.sirb.client.createContainer()).id;
    const titles = ['Informed consent v3', 'Site \u202Eroster 2026'];
    await fillStudy(
      fx,
      fx.sirb,
      study,
      2,
      () => 'Consent forms',
      (i) => ['icf-v3.pdf', 'sr.pdf'][i]!,
      (i) => titles[i]!,
    );
    const own = await fixtureSession(fx, fx.sirb, await mkdtemp(join(dir, 'titles-')));
    try {
      expect((await indexed(own, 'informed consent')).map((h) => [h.name, h.title, h.folder])).toEqual([
        ['icf-v3.pdf', 'Informed consent v3', 'Consent forms'],
      ]);
      // still by its file name too
      expect((await indexed(own, 'icf-v3')).map((h) => h.name)).toEqual(['icf-v3.pdf']);
      // the override is gone from what is searched and shown
      expect((await indexed(own, 'roster 2026')).map((h) => [h.name, h.title])).toEqual([
        ['sr.pdf', 'Site roster 2026'],
      ]);
    } finally {
      own.close();
    }
  }, 180_000);
});
