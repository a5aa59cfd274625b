import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.js';
import { openVerdict } from './open-rule.js';

describe('openVerdict: only documents whose extension and media type agree reach the opener, some only once the user accepted the risk', () => {
  it.each([
    ['protocol.pdf', 'application/pdf'],
    ['Consent.DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sites.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['scan.jpeg', 'image/jpeg'],
    ['chart.png', 'IMAGE/PNG'],
  ])('opens %s declared %s', (name, type) => {
    expect(openVerdict(name, type)).toEqual({ kind: 'open' });
  });

  it.each([
    ['Consent.doc', 'application/msword', 'a Word document in the old format (.doc)', 'macros'],
    [
      'budget.xlsm',
      'application/vnd.ms-excel.sheet.macroEnabled.12',
      'an Excel workbook with macros (.xlsm)',
      'macros',
    ],
    ['Budget.XLS', 'application/vnd.ms-excel', 'an Excel workbook in the old format (.xls)', 'macros'],
    ['deck.ppt', 'application/vnd.ms-powerpoint', 'a PowerPoint presentation in the old format (.ppt)', 'macros'],
    [
      'deck.pptm',
      'application/vnd.ms-powerpoint.presentation.macroenabled.12',
      'a PowerPoint presentation with macros (.pptm)',
      'macros',
    ],
    [
      'letter.docm',
      'application/vnd.ms-word.document.macroEnabled.12',
      'a Word document with macros (.docm)',
      'macros',
    ],
    [
      'letter.dotm',
      'application/vnd.ms-word.template.macroEnabled.12',
      'a Word template with macros (.dotm)',
      'macros',
    ],
    [
      'sheet.xltm',
      'application/vnd.ms-excel.template.macroEnabled.12',
      'an Excel template with macros (.xltm)',
      'macros',
    ],
    ['notes.rtf', 'text/rtf', 'a rich-text document (.rtf)', 'embedded objects'],
    ['data.csv', 'text/csv', 'a comma-separated table (.csv)', 'formulas'],
    ['data.tsv', 'text/tab-separated-values', 'a tab-separated table (.tsv)', 'formulas'],
    ['Consent.odt', 'application/vnd.oasis.opendocument.text', 'an OpenDocument text (.odt)', 'Basic macros'],
    [
      'budget.ODS',
      'application/vnd.oasis.opendocument.spreadsheet',
      'an OpenDocument spreadsheet (.ods)',
      'Basic macros',
    ],
    [
      'deck.odp',
      'application/vnd.oasis.opendocument.presentation',
      'an OpenDocument presentation (.odp)',
      'Basic macros',
    ],
  ])('asks before opening %s (declared %s): %s, naming the risk', (name, type, realType, risk) => {
    const verdict = openVerdict(name, type);
    expect(verdict).toMatchObject({ kind: 'ask', realType });
    if (verdict.kind === 'ask') expect(verdict.risk).toContain(risk);
  });

  it('refuses a format that can carry code when its declared type disagrees, as any other', () => {
    expect(openVerdict('budget.xlsm', 'application/pdf')).toMatchObject({
      kind: 'refuse',
      realType: 'a .xlsm file declared as application/pdf',
    });
  });

  it.each([
    ['Consent form \u202Efdp.desktop', 'application/pdf', 'a Linux launcher (.desktop)'],
    ['Consent\u202Efdp.exe', 'application/pdf', 'a Windows program (.exe)'],
    ['run.sh', 'text/plain', 'a shell script (.sh)'],
    ['setup.msi', 'application/x-msi', 'a Windows installer (.msi)'],
    ['Report.lnk', 'application/pdf', 'a Windows shortcut (.lnk)'],
    ['disk.dmg', 'application/octet-stream', 'a disk image (.dmg)'],
    ['bundle.zip', 'application/zip', 'an archive (.zip)'],
    ['page.html', 'text/html', 'a web page (it can run scripts) (.html)'],
    ['addin.xlam', 'application/vnd.ms-excel.addin.macroEnabled.12', 'a file of a type the app does not open (.xlam)'],
    ['thing.xyz', 'application/pdf', 'a file of a type the app does not open (.xyz)'],
    ['README', 'text/plain', 'a file without an extension'],
  ])('refuses %s (declared %s) and names it %s', (name, type, realType) => {
    const verdict = openVerdict(cleanFileName(name), type);
    expect(verdict.kind).toBe('refuse');
    if (verdict.kind === 'refuse') {
      expect(verdict.realType).toBe(realType);
      expect(verdict.reason).toContain(realType);
    }
  });

  it('refuses a document extension whose declared type disagrees', () => {
    const verdict = openVerdict('protocol.pdf', 'application/x-desktop');
    expect(verdict).toMatchObject({ kind: 'refuse', realType: 'a .pdf file declared as application/x-desktop' });
    expect(openVerdict('protocol.pdf', undefined)).toMatchObject({
      kind: 'refuse',
      realType: 'a .pdf file declared as no type',
    });
  });

  it('judges the cleaned name: a bidi override cannot move the extension', () => {
    // Shown as "Consent form potksed.pdf" before cleaning; the file would be written as .desktop.
    const name = cleanFileName('Consent form \u202Efdp.desktop');
    expect(name.endsWith('.desktop')).toBe(true);
    expect(openVerdict(name, 'application/pdf').kind).toBe('refuse');
  });
});
