import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.js';
import { openVerdict } from './open-rule.js';

describe('openVerdict: only documents whose extension and media type agree reach the opener', () => {
  it.each([
    ['protocol.pdf', 'application/pdf'],
    ['Consent.DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sites.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['data.csv', 'text/csv'],
    ['scan.jpeg', 'image/jpeg'],
    ['chart.png', 'IMAGE/PNG'],
  ])('opens %s declared %s', (name, type) => {
    expect(openVerdict(name, type)).toEqual({ safe: true });
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
    ['budget.xlsm', 'application/vnd.ms-excel.sheet.macroEnabled.12', 'an Excel workbook with macros (.xlsm)'],
    ['thing.xyz', 'application/pdf', 'a file of a type the app does not open (.xyz)'],
    ['README', 'text/plain', 'a file without an extension'],
  ])('refuses %s (declared %s) and names it %s', (name, type, realType) => {
    const verdict = openVerdict(cleanFileName(name), type);
    expect(verdict.safe).toBe(false);
    if (!verdict.safe) {
      expect(verdict.realType).toBe(realType);
      expect(verdict.reason).toContain(realType);
    }
  });

  it('refuses a document extension whose declared type disagrees', () => {
    const verdict = openVerdict('protocol.pdf', 'application/x-desktop');
    expect(verdict).toMatchObject({ safe: false, realType: 'a .pdf file declared as application/x-desktop' });
    expect(openVerdict('protocol.pdf', undefined)).toMatchObject({ safe: false, realType: 'a .pdf file declared as no type' });
  });

  it('judges the cleaned name: a bidi override cannot move the extension', () => {
    // Shown as "Consent form potksed.pdf" before cleaning; the file would be written as .desktop.
    const name = cleanFileName('Consent form \u202Efdp.desktop');
    expect(name.endsWith('.desktop')).toBe(true);
    expect(openVerdict(name, 'application/pdf').safe).toBe(false);
  });
});
