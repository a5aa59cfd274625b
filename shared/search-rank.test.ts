import { describe, expect, it } from 'vitest';
import { matchScore, rankEntries, type SearchEntry } from './search-rank.js';

const e = (name: string, itemPath: string, studyTitle = 'Protocol 2025-031: Heart Failure', kind: SearchEntry['kind'] = 'document'): SearchEntry => ({ containerId: 'c1', studyTitle, itemPath, name, kind });

describe('find in all studies: ranking', () => {
  it('ranks the whole name, then its start, then a word start, then anywhere', () => {
    const hits = rankEntries('consent', [
      e('informed-consent-v3.pdf', 'Consent forms/a'),
      e('Consent', 'x/b'),
      e('unconsented-note.txt', 'x/c'),
      e('consent-log.xlsx', 'x/d'),
      e('protocol.pdf', 'x/e'),
    ]);
    expect(hits.map((h) => h.name)).toEqual(['Consent', 'consent-log.xlsx', 'informed-consent-v3.pdf', 'unconsented-note.txt']);
    expect(hits[2]?.folder).toBe('Consent forms');
  });

  it('needs every word, ignores case and accents, and finds studies by title', () => {
    const entries = [e('Protocol 2026-007: Pediatric Asthma', '', 'Protocol 2026-007: Pediatric Asthma', 'study'), e('asthma-diary.pdf', 'Site documents/x'), e('Pédiatric consent.pdf', 'y')];
    expect(rankEntries('pediatric asthma', entries).map((h) => h.kind)).toEqual(['study']);
    expect(rankEntries('PEDIATRIC', entries).map((h) => h.name)).toEqual(['Pédiatric consent.pdf', 'Protocol 2026-007: Pediatric Asthma']);
    expect(matchScore('  ', 'anything')).toBe(0);
    expect(matchScore('zzz', 'anything')).toBe(0);
  });

  it('keeps the best fifty', () => {
    const many = Array.from({ length: 120 }, (_, i) => e(`report-${i}.pdf`, `r/${i}`));
    expect(rankEntries('report', many)).toHaveLength(50);
  });
});
