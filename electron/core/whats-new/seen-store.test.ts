// The persisted seen state stays bounded: Changes keeps the newest 1,000 entries, a study above
// KNOWN_KEPT items keeps only its watermark, New marks are capped, records left to check too;
// real files in a temp folder.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_KEPT, ChangeLog, type ChangeEntry } from './change-log.js';
import { NewsRetry, RETRY_KEPT } from './news-retry.js';
import { KNOWN_KEPT, SeenStore, UNSEEN_KEPT, seenFile } from './seen-store.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seen-store-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (i: number): ChangeEntry => ({
  containerId: 'c'.repeat(32),
  studyTitle: 'Protocol 2026-114',
  itemPath: `docs/${i}`,
  name: `doc-${i}.pdf`,
  kind: 'added',
  at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
});

describe('the seen state, bounded', () => {
  it('keeps the newest Changes, newest first', () => {
    const log = new ChangeLog();
    for (let i = 0; i < 12; i++) log.add(Array.from({ length: 100 }, (_, j) => entry(i * 100 + j)));
    const kept = log.entries();
    expect(kept).toHaveLength(CHANGES_KEPT);
    expect(kept[0]!.itemPath).toBe('docs/1199');
    expect(kept.at(-1)!.itemPath).toBe(`docs/${1200 - CHANGES_KEPT}`);
    expect(log.views(() => false, undefined, 3).map((v) => v.itemPath)).toEqual([
      'docs/1199',
      'docs/1198',
      'docs/1197',
    ]);
  });

  it('drops the versions of a study above KNOWN_KEPT items (its watermark stays) and caps New marks', async () => {
    const file = seenFile(dir, 'p');
    const store = new SeenStore(file);
    const many = Object.fromEntries(Array.from({ length: KNOWN_KEPT + 1 }, (_, i) => [`docs|${i}`, 'v']));
    const few = { 'docs|1': 'v' };
    const unseen = Array.from({ length: UNSEEN_KEPT + 10 }, (_, i) => `docs|${i}`);
    await store.save({
      version: 1,
      studies: {
        big: { watermark: '2026-01-01T00:00:00.000Z', known: many, unseen },
        small: { known: few, unseen: [] },
      },
      changes: [entry(1)],
    });
    const state = JSON.parse(await readFile(file, 'utf8'));
    expect(state.studies.big.known).toBeUndefined();
    expect(state.studies.big.watermark).toBe('2026-01-01T00:00:00.000Z');
    expect(state.studies.big.unseen).toHaveLength(UNSEEN_KEPT);
    expect(state.studies.big.unseen.at(-1)).toBe(`docs|${UNSEEN_KEPT + 9}`);
    expect(state.studies.small.known).toEqual(few);
    expect(await new SeenStore(file).load()).toMatchObject({ studies: { small: { known: few } }, changes: [entry(1)] });
  });
});

describe('records whose news is still to be checked', () => {
  it('outlive a restart in the file; what is not one is dropped; the oldest go above RETRY_KEPT', async () => {
    const file = seenFile(dir, 'retry');
    const retry = new NewsRetry();
    const at = '2026-11-28T10:00:00.000Z';
    retry.keep('answers', ['signoffs|a|1'], false, at);
    retry.keep('answers', ['signoffs|a|1'], false, '2026-11-28T10:00:30.000Z');
    retry.keep('requests', ['requests|b|1'], true, at);
    await new SeenStore(file).save({ version: 1, studies: { s: { unseen: [], retry: retry.seen()! } }, changes: [] });
    const loaded = await new SeenStore(file).load();
    const back = new NewsRetry(loaded?.studies.s?.retry);
    expect(back.left('answers')).toEqual({ first: [], later: ['signoffs|a|1'] });
    expect(back.left('requests')).toEqual({ first: ['requests|b|1'], later: [] });
    // the failed checks are counted from the first one's time across the restart
    expect(back.seen()?.answers).toEqual({ 'signoffs|a|1': { from: 'later', tries: 2, since: at } });

    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        studies: {
          s: {
            unseen: [],
            retry: {
              answers: {
                'signoffs|a|1': 'soon',
                'signoffs|a|2': 'later',
                'signoffs|a|3': { from: 'first', tries: 4, since: at },
              },
              x: 3,
            },
          },
        },
        changes: [],
      }),
    );
    // an earlier version's bare 'later' has its tries start over
    expect((await new SeenStore(file).load())?.studies.s?.retry).toMatchObject({
      answers: { 'signoffs|a|2': { from: 'later', tries: 0 }, 'signoffs|a|3': { from: 'first', tries: 4, since: at } },
    });
    expect(Object.keys((await new SeenStore(file).load())?.studies.s?.retry?.answers ?? {})).toHaveLength(2);

    const many = new NewsRetry();
    many.keep(
      'answers',
      Array.from({ length: RETRY_KEPT + 2 }, (_, i) => `signoffs|${i}`),
      false,
      at,
    );
    const left = many.left('answers').later;
    expect(left).toHaveLength(RETRY_KEPT);
    expect(left[0]).toBe('signoffs|2');
  });
});

describe('the seen state of a removed profile', () => {
  it('is deleted after the write under way, and a refresh that ends later writes nothing', async () => {
    const file = seenFile(dir, 'gone');
    const store = new SeenStore(file);
    const state = { version: 1 as const, studies: { s: { unseen: ['a'] } }, changes: [] };
    void store.save(state);
    await store.discard();
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.save(state);
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
