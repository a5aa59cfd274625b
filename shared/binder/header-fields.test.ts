import { describe, expect, it } from 'vitest';
import { applyDescribeChange, readDocumentFields } from './header-fields.js';
import { describeChangeSchema, describeFieldsSchema } from './describe-schema.js';

const doc = { type: 'document', version: 'IRBX.2', name: 'cv.pdf', fileName: 'cv.pdf', size: 1 };

describe('binder fields of a document header (decisions §8)', () => {
  it('reads valid fields as they are and carries none when the header has none', () => {
    expect(readDocumentFields(doc)).toBeUndefined();
    expect(
      readDocumentFields({
        ...doc,
        docType: 'cv',
        expiresOn: '2028-02-29',
        person: { name: 'Ana Reyes' },
        versionLabel: 'v3.0',
      }),
    ).toEqual({ docType: 'cv', expiresOn: '2028-02-29', person: { name: 'Ana Reyes' }, versionLabel: 'v3.0' });
  });

  it('names a wrong field as unreadable instead of dropping it, keeping the valid ones', () => {
    for (const expiresOn of ['2027-02-29', '2026-13-01', '31/12/2026', 20261231, '', '2026-1-1'])
      expect(readDocumentFields({ ...doc, docType: 'gcp-training', expiresOn })).toEqual({
        docType: 'gcp-training',
        unreadable: ['expiresOn'],
      });
    expect(readDocumentFields({ ...doc, docType: 'CV!', person: { name: '' }, versionLabel: 'x'.repeat(65) })).toEqual({
      unreadable: ['docType', 'person', 'versionLabel'],
    });
    expect(readDocumentFields({ ...doc, person: 'Ana' })).toEqual({ unreadable: ['person'] });
  });

  it('keeps an unknown but well-formed type code as given', () => {
    expect(readDocumentFields({ ...doc, docType: 'site-pharmacy-manual' })).toEqual({
      docType: 'site-pharmacy-manual',
    });
  });

  it('cleans names another organization wrote (controls, bidi overrides)', () => {
    expect(readDocumentFields({ ...doc, person: { name: 'Ana\u202E Reyes\u0007\n' } })?.person).toEqual({
      name: 'Ana Reyes',
    });
  });

  it('changes only the fields named, removes null ones, and keeps fields it does not know', () => {
    const header = { ...doc, docType: 'cv', versionLabel: 'v1', vendorField: { x: 1 } };
    expect(applyDescribeChange(header, { expiresOn: '2027-01-31', versionLabel: null })).toEqual({
      ...doc,
      docType: 'cv',
      vendorField: { x: 1 },
      expiresOn: '2027-01-31',
    });
  });

  it('checks what a user sets: codes, real dates, lengths', () => {
    expect(describeFieldsSchema.safeParse({ docType: 'cv', expiresOn: '2027-02-29' }).success).toBe(false);
    expect(describeFieldsSchema.safeParse({ docType: 'Cv' }).success).toBe(false);
    expect(describeFieldsSchema.safeParse({ docType: 'cv', person: { name: '  Ana  ' } }).data).toEqual({
      docType: 'cv',
      person: { name: 'Ana' },
    });
    expect(describeChangeSchema.safeParse({ expiresOn: null, person: null }).success).toBe(true);
    expect(describeChangeSchema.safeParse({ versionLabel: 'x'.repeat(65) }).success).toBe(false);
  });
});
