import { describe, expect, it } from 'vitest';
import { accessNotice, namesList } from './access-words.js';

describe('access words', () => {
  it('lists names as a sentence, cleaned, and counts the rest', () => {
    expect(namesList(['Riverside Medical Center'])).toBe('Riverside Medical Center');
    expect(namesList(['Riverside Medical Center', 'Lakeside University'])).toBe(
      'Riverside Medical Center and Lakeside University',
    );
    expect(namesList(['A', 'B', 'C'])).toBe('A, B and C');
    expect(namesList(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C and 2 more');
    expect(namesList(['Evil\u202eCorp'])).toBe('EvilCorp');
  });

  it('says what happened to whom, each organization once however many documents', () => {
    const n = accessNotice(
      'grant',
      [
        { organization: 'Riverside Medical Center', ok: true },
        { organization: 'Lakeside University', ok: true },
        { organization: 'Riverside Medical Center', ok: true },
      ],
      2,
      'Heart Study',
    );
    expect(n.title).toBe('Shared with Riverside Medical Center and Lakeside University');
    expect(n.body).toBe('2 documents in “Heart Study”.');
    expect(n.nameless).toEqual({ title: 'Shared with 2 organizations', body: '2 documents.' });
  });

  it('names who it failed for, and never counts a partly failed organization as done', () => {
    const n = accessNotice(
      'revoke',
      [
        { organization: 'Riverside Medical Center', ok: true },
        { organization: 'Lakeside University', ok: true },
        { organization: 'Lakeside University', ok: false },
      ],
      1,
      'Heart Study',
    );
    expect(n.title).toBe('Removed access for Riverside Medical Center; access not removed for Lakeside University');
    expect(n.body).toContain('Open Manage access for the reason.');
  });
});
