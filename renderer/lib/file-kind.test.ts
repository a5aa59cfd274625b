import { describe, expect, it } from 'vitest';
import { item, doc } from '../test-support/fixtures.js';
import { documentKind, kindWords } from './file-kind.js';
import { itemKind, itemType } from './rows.js';

describe('type in words', () => {
  it('reads the extension the file is written with first, the media type only for a name without one', () => {
    const cases: [string, string, string][] = [
      ['application/pdf', 'consent.pdf', 'PDF document'],
      ['application/pdf', 'report', 'PDF document'],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'protocol.docx', 'Word document'],
      ['application/octet-stream', 'protocol.DOCX', 'Word document'],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'log.xlsx', 'Excel spreadsheet'],
      ['', 'enrolment.xls', 'Excel spreadsheet'],
      ['text/csv; charset=utf-8', 'visits.csv', 'CSV table'],
      ['image/png', 'scan', 'Image'],
      ['application/octet-stream', 'README', 'Document'],
    ];
    for (const [media, name, words] of cases)
      expect(kindWords(documentKind(media, name)), `${media} ${name}`).toBe(words);
  });

  it('never calls a program or an unknown file a document, whatever type the sender declared', () => {
    const declaredPdf = (fileName: string) => item('docs|x', { header: doc(fileName, 10, 'application/pdf') });
    expect(itemType(declaredPdf('Consent form \u202Efdp.desktop'))).toBe('Linux launcher (.desktop)');
    expect(itemType(declaredPdf('Consent\u202Efdp.exe'))).toBe('Windows program (.exe)');
    expect(itemType(declaredPdf('visit.exe. '))).toBe('Windows program (.exe)');
    expect(itemType(declaredPdf('consent.bin'))).toBe('BIN file');
    expect(itemKind(declaredPdf('consent.bin'))).toBe('other');
  });

  it('names records by their type, the study record as "Study record"', () => {
    expect(itemType(item('study', { header: { type: 'study', version: 'IRBX.2', name: 'T' } }))).toBe('Study record');
    expect(itemType(item('visits|1', { header: { type: 'visit-report', version: '1' } }))).toBe('Visit-report record');
    expect(itemKind(item('a', { headerProblem: 'bad key' }))).toBe('unreadable');
    expect(itemType(item('a', { headerProblem: 'bad key' }))).toBe('Unreadable');
    expect(itemType(item('docs|x', { header: doc('protocol.pdf', 10) }))).toBe('PDF document');
  });

  it("shows another organization's record type cleaned and cut, never with a bidi override or a megabyte", () => {
    expect(itemType(item('r', { header: { type: 'visit\u202Eexe.pdf', version: '1' } }))).toBe('Visitexe.pdf record');
    const long = itemType(item('r', { header: { type: `\u202E${'z'.repeat(100_000)}`, version: '1' } }));
    expect(long.length).toBeLessThan(80);
    expect(long).toMatch(/^Zz+… record$/);
  });
});
