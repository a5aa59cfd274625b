import { describe, expect, it } from 'vitest';
import {
  fallbackStudyTitle,
  knownStudyFields,
  mergeStudyRecord,
  parseStudyRecord,
  studyRecordHeader,
} from './study-record.js';

describe('study record', () => {
  it('keeps fields written by other clients when edited', () => {
    const other = {
      type: 'study',
      version: 'IRBX.2',
      title: 'Old',
      irbNumber: 'IRB-77',
      sites: [{ n: 1 }],
      sponsor: 'Acme',
    };
    const parsed = parseStudyRecord(other);
    const next = mergeStudyRecord(parsed, { title: 'New title', protocolNumber: '2026-114' });
    expect(next).toEqual({
      type: 'study',
      version: 'IRBX.2',
      title: 'New title',
      protocolNumber: '2026-114',
      irbNumber: 'IRB-77',
      sites: [{ n: 1 }],
    });
  });

  it('removes optional fields left empty and trims the title', () => {
    const next = mergeStudyRecord({ type: 'study', title: 'A', sponsor: 'Acme' }, { title: '  Sleep  ', sponsor: '' });
    expect(next.title).toBe('Sleep');
    expect('sponsor' in next).toBe(false);
    expect(studyRecordHeader(next)).toEqual({ type: 'study', version: 'IRBX.2', name: 'Sleep' });
  });

  it('refuses an empty or overlong title', () => {
    expect(() => mergeStudyRecord(undefined, { title: '   ' })).toThrow(/needs a title/);
    expect(() => mergeStudyRecord(undefined, { title: 'x'.repeat(201) })).toThrow(/200/);
  });

  it('reads a record with a malformed optional field by its title, keeping the field', () => {
    const r = parseStudyRecord({ type: 'study', version: 'IRBX.2', title: 'T', principalInvestigator: 'Dr. Who' });
    expect(r.title).toBe('T');
    expect(r.principalInvestigator).toBe('Dr. Who');
  });

  it('reads a title written by another organization without its invisible and bidi characters', () => {
    const read = parseStudyRecord({ type: 'study', version: 'IRBX.2', title: 'Sleep\u202E and\u200B\nRecovery ' });
    expect(read.title).toBe('Sleep and Recovery');
  });

  it('refuses what is not a study record', () => {
    expect(() => parseStudyRecord({ type: 'document', title: 'x' })).toThrow(/not "study"/);
    expect(() => parseStudyRecord({ type: 'study', title: '' })).toThrow(/no usable title/);
    expect(() => parseStudyRecord('study')).toThrow(/not a JSON object/);
  });

  it('falls back to the first 8 characters of the container id', () => {
    expect(fallbackStudyTitle('0654ec86aa00bb11cc22dd33ee44ff55')).toBe('Study 0654ec86');
  });

  it('holds what it reads to the schema\u2019s limits: a megabyte protocol number or a bidi override never reaches the window', () => {
    const record = parseStudyRecord({
      type: 'study',
      title: 'Real title',
      protocolNumber: '\u202e' + 'X'.repeat(1_000_000),
      sponsor: 'Acme\u001b[2J\u2067',
      principalInvestigator: { name: 42, email: 'a@b' },
      description: 'line one\u202e\nline two\n\n\n\nend',
      shortTitle: ['not', 'text'],
    });
    const known = knownStudyFields(record);
    expect(known.protocolNumber).toHaveLength(100);
    expect(known.protocolNumber).toBe('X'.repeat(99) + '\u2026');
    expect(known.sponsor).toBe('Acme[2J');
    expect(known.description).toBe('line one\nline two\n\nend');
    expect('principalInvestigator' in known).toBe(false);
    expect('shortTitle' in known).toBe(false);
    // within the limits, a value is kept as written
    expect(
      knownStudyFields(
        parseStudyRecord({
          type: 'study',
          title: 'T',
          principalInvestigator: { name: 'Dr. Ada Reyes', email: 'ada@example.org' },
        }),
      ).principalInvestigator,
    ).toEqual({
      name: 'Dr. Ada Reyes',
      email: 'ada@example.org',
    });
  });
});
