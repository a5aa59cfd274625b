import { describe, expect, it } from 'vitest';
import { asDocument, headerName, parseRecordHeader, shownName } from './headers.js';

const doc = {
  type: 'document',
  version: 'IRBX.2',
  name: 'Protocol v3',
  fileName: 'protocol-v3.pdf',
  mediaType: 'application/pdf',
  size: 482113,
};

describe('decrypted headers from other organizations', () => {
  it('takes any object with string type and version, and says why not otherwise', () => {
    expect(
      parseRecordHeader({ type: 'study', version: 'IRBX.2', title: 'T', problem: 'a field, not a failure' }),
    ).toEqual({
      header: { type: 'study', version: 'IRBX.2', title: 'T', problem: 'a field, not a failure' },
    });
    for (const bad of [null, [], 'x', 42, { type: 'study' }, { type: 1, version: 'v' }]) {
      expect(parseRecordHeader(bad)).toMatchObject({ problem: expect.stringMatching(/header/) });
    }
  });

  it('takes a document header whose fields have the right types, mediaType and size optional', () => {
    expect(asDocument(doc)).toEqual(doc);
    expect(asDocument({ type: 'document', version: 'IRBX.2', name: 'Minutes', fileName: 'minutes.txt' })).toEqual({
      type: 'document',
      version: 'IRBX.2',
      name: 'Minutes',
      fileName: 'minutes.txt',
    });
    expect(asDocument({ type: 'study', version: 'IRBX.2', name: 'S', fileName: 'f' })).toBeUndefined();
  });

  it('refuses a document header with a field of the wrong type, before anything reads it', () => {
    for (const wrong of [
      { size: 'lots' },
      { size: -1 },
      { size: 1.5 },
      { mediaType: 7 },
      { fileName: ['a'] },
      { name: undefined },
    ]) {
      const header = { ...doc, ...wrong };
      expect(asDocument(header)).toBeUndefined();
      expect(parseRecordHeader(header)).toMatchObject({ problem: expect.stringContaining('document header') });
    }
  });

  it("names an item by its document's file name, else its title, else a record's name", () => {
    expect(headerName(doc)).toBe('protocol-v3.pdf');
    expect(headerName({ ...doc, fileName: '' })).toBe('Protocol v3');
    expect(headerName({ type: 'site-modification', version: 'IRBX.2', name: 'Amendment 2' })).toBe('Amendment 2');
    expect(headerName({ type: 'site-modification', version: 'IRBX.2', name: 3 })).toBe('');
    expect(headerName(undefined)).toBe('');
  });
});

describe('the name shown for an item', () => {
  it('cleans a document name as the file it is written to, a record title as text', () => {
    const doc = {
      type: 'document',
      version: 'IRBX.2',
      name: 'Consent',
      fileName: 'Consent \u202Efdp.exe',
      mediaType: 'application/pdf',
    };
    expect(shownName(doc, 'x')).toBe('Consent fdp.exe');
    expect(
      shownName({ type: 'site-activation', version: 'IRBX.2', name: 'Site activation: \u202ELakeside' }, 'x'),
    ).toBe('Site activation: Lakeside');
    expect(shownName({ type: 'site-activation', version: 'IRBX.2', name: '\u200B' }, 'fallback')).toBe('fallback');
    expect(shownName(undefined, 'fallback')).toBe('fallback');
  });

  it("cuts a record's name to 200 characters, as a document's name is cut", () => {
    const name = shownName({ type: 'visit', version: '1', name: `\u202E${'V'.repeat(1_000_000)}` }, 'fallback');
    expect(name).toHaveLength(200);
    expect(name.startsWith('VVV')).toBe(true);
  });
});
