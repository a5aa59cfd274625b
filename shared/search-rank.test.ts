import { describe, expect, it } from 'vitest';
import {
  GrowingEntries,
  matchScore,
  prepareEntries,
  rankEntries,
  rankGrowing,
  rankPrepared,
  type SearchEntry,
} from './search-rank.js';

const e = (
  name: string,
  itemPath: string,
  studyTitle = 'Protocol 2025-031: Heart Failure',
  kind: SearchEntry['kind'] = 'document',
): SearchEntry => ({ containerId: 'c1', studyTitle, itemPath, name, kind });

describe('find in all studies: ranking', () => {
  it('ranks the whole name, then its start, then a word start, then anywhere', () => {
    const hits = rankEntries('consent', [
      e('informed-consent-v3.pdf', 'Consent forms/a'),
      e('Consent', 'x/b'),
      e('unconsented-note.txt', 'x/c'),
      e('consent-log.xlsx', 'x/d'),
      e('protocol.pdf', 'x/e'),
    ]);
    expect(hits.map((h) => h.name)).toEqual([
      'Consent',
      'consent-log.xlsx',
      'informed-consent-v3.pdf',
      'unconsented-note.txt',
    ]);
    expect(hits[2]?.folder).toBe('Consent forms');
  });

  it('needs every word, ignores case and accents, and finds studies by title', () => {
    const entries = [
      e('Protocol 2026-007: Pediatric Asthma', '', 'Protocol 2026-007: Pediatric Asthma', 'study'),
      e('asthma-diary.pdf', 'Site documents/x'),
      e('Pédiatric consent.pdf', 'y'),
    ];
    expect(rankEntries('pediatric asthma', entries).map((h) => h.kind)).toEqual(['study']);
    expect(rankEntries('PEDIATRIC', entries).map((h) => h.name)).toEqual([
      'Pédiatric consent.pdf',
      'Protocol 2026-007: Pediatric Asthma',
    ]);
    expect(matchScore('  ', 'anything')).toBe(0);
    expect(matchScore('zzz', 'anything')).toBe(0);
  });

  it('finds a document by its title as well as its file name, ranked by the better of the two', () => {
    const titled: SearchEntry = { ...e('icf-v3.pdf', 'Consent forms/a'), title: 'Informed consent v3' };
    const entries = [titled, e('consent-log.xlsx', 'x/b'), e('informed.pdf', 'x/c')];
    expect(rankEntries('informed consent', entries).map((h) => [h.name, h.title])).toEqual([
      ['icf-v3.pdf', 'Informed consent v3'],
    ]);
    // the title's match (its start) beats the file name's (nowhere), and stays below a whole file name
    expect(rankEntries('informed', entries).map((h) => h.name)).toEqual(['informed.pdf', 'icf-v3.pdf']);
    expect(rankEntries('icf', entries).map((h) => h.name)).toEqual(['icf-v3.pdf']);
    const growing = new GrowingEntries();
    for (const x of entries) growing.push(x);
    expect(rankGrowing('consent v3', growing).map((h) => h.name)).toEqual(['icf-v3.pdf']);
  });

  it('keeps the best fifty', () => {
    const many = Array.from({ length: 120 }, (_, i) => e(`report-${i}.pdf`, `r/${i}`));
    expect(rankEntries('report', many)).toHaveLength(50);
  });

  it('a prepared index, a growing one and the growing one prepared rank as sorting every match would, ties by name, study and path', () => {
    const words = ['visit', 'report', 'consent', 'Visit', 'log', 'é', 'a', 'b'];
    let seed = 7;
    const pick = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const entries = Array.from({ length: 3_000 }, (_, i) =>
      e(
        `${words[pick(8)]} ${words[pick(8)]}-${pick(40)}.pdf`,
        `f${pick(5)}/${words[pick(8)]}-${i}`,
        `Study ${pick(3)}`,
        pick(50) === 0 ? 'study' : 'document',
      ),
    );
    const prepared = prepareEntries(entries);
    const growing = new GrowingEntries();
    for (const x of entries) growing.push(x);
    const grown = prepareEntries(growing);
    for (const query of ['visit', 'report log', 'a', 'é', 'visit report-1', 'zzz']) {
      const expected = entries
        .map((x) => ({
          x,
          score: Math.max(
            matchScore(query, x.name),
            x.kind === 'study' ? 0 : matchScore(query, x.itemPath.slice(x.itemPath.lastIndexOf('/') + 1)) - 1,
          ),
        }))
        .filter((h) => h.score > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            a.x.name.localeCompare(b.x.name) ||
            a.x.studyTitle.localeCompare(b.x.studyTitle) ||
            a.x.itemPath.localeCompare(b.x.itemPath),
        )
        .slice(0, 50)
        .map((h) => [h.x.itemPath, h.score]);
      expect(
        rankPrepared(query, prepared).map((h) => [h.itemPath, h.score]),
        query,
      ).toEqual(expected);
      expect(
        rankGrowing(query, growing).map((h) => [h.itemPath, h.score]),
        query,
      ).toEqual(expected);
      expect(
        rankPrepared(query, grown).map((h) => [h.itemPath, h.score]),
        query,
      ).toEqual(expected);
    }
  });
});
