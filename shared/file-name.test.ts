import { describe, expect, it } from 'vitest';
import { cleanFileName, cleanText, fileExtension, isWellFormed, MAX_NAME_BYTES, revealHidden } from './file-name.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('cleanFileName: hostile names from another organization', () => {
  const table: ReadonlyArray<readonly [string, string, string]> = [
    ['right-to-left override hiding .desktop', 'Consent form \u202Efdp.desktop', 'Consent form fdp.desktop'],
    ['right-to-left override hiding .exe', 'Consent\u202Efdp.exe', 'Consentfdp.exe'],
    ['every bidi embedding and override', 'a\u202Ab\u202Bc\u202Cd\u202De\u202Ef.pdf', 'abcdef.pdf'],
    ['bidi isolates and marks', '\u2066x\u2067y\u2068z\u2069\u200E\u200F\u061C.txt', 'xyz.txt'],
    ['DEL', 'report\u007F.pdf', 'report.pdf'],
    ['C0 controls: NUL, tab, newline, escape', 'a\u0000b\tc\nd\u001Be.pdf', 'abcde.pdf'],
    ['C1 controls (NEL, CSI)', 'a\u0085b\u009Bc.pdf', 'abc.pdf'],
    ['zero-width space, joiners, BOM, word joiner', '\uFEFFin\u200Bvi\u200Csi\u200Dble\u2060.pdf', 'invisible.pdf'],
    ['line and paragraph separators', 'first\u2028second\u2029.pdf', 'firstsecond.pdf'],
    ['path traversal', '../../.bashrc', '_._.._.bashrc'],
    ['absolute path', '/etc/passwd', '_etc_passwd'],
    ['Windows separators and forbidden characters', 'C:\\a*b?"c"<d>|e.pdf', 'C__a_b__c__d__e.pdf'],
    ['hidden file', '.profile', '_profile'],
    ['Windows reserved name', 'CON', '_CON'],
    ['Windows reserved name with extension', 'nul.txt', '_nul.txt'],
    ['Windows reserved COM port, any case', 'com1.pdf', '_com1.pdf'],
    ['not reserved: a longer word', 'console.pdf', 'console.pdf'],
    ['trailing dots and spaces', 'report.pdf. . ..', 'report.pdf'],
    ['leading and repeated spaces', '   two   spaces .pdf', 'two spaces .pdf'],
    ['only dots', '...', 'document'],
    ['only invisible characters', '\u202E\u200B\u0000', 'document'],
    ['empty', '', 'document'],
    ['an ordinary name stays', 'Protocol v3 (final).pdf', 'Protocol v3 (final).pdf'],
    ['accents and scripts stay', 'Einwilligung – Müller 中文.pdf', 'Einwilligung – Müller 中文.pdf'],
  ];

  it.each(table)('%s', (_what, hostile, expected) => {
    expect(cleanFileName(hostile)).toBe(expected);
  });

  it('leaves no bidi, control, zero-width or separator character in any of them', () => {
    for (const [, hostile] of table) {
      expect(cleanFileName(hostile)).not.toMatch(
        // eslint-disable-next-line no-control-regex
        /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff/\\]/,
      );
    }
  });

  it('cuts 100 × "中" (600 bytes, ENAMETOOLONG before) to 200 bytes of whole characters', () => {
    const name = '中'.repeat(100);
    const cleaned = cleanFileName(name);
    expect(bytes(cleaned)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(cleaned).toBe('中'.repeat(66));
  });

  it('keeps the extension when it cuts a long name', () => {
    const cleaned = cleanFileName(`${'中'.repeat(100)}.pdf`);
    expect(bytes(cleaned)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(cleaned.endsWith('.pdf')).toBe(true);
    expect(cleaned).toBe(`${'中'.repeat(65)}.pdf`);
  });

  it('never splits a surrogate pair', () => {
    const cleaned = cleanFileName(`${'😀'.repeat(80)}.txt`);
    expect(bytes(cleaned)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(cleaned).toBe(`${'😀'.repeat(49)}.txt`);
    expect(Buffer.from(cleaned, 'utf8').toString('utf8')).toBe(cleaned);
  });

  it('replaces lone surrogates (which UTF-8 writes as U+FFFD) and keeps valid pairs', () => {
    // JSON.parse('"\\ud800.pdf"') gives these: each half of a pair alone, at the start, middle and end
    expect(cleanFileName('\ud800.pdf')).toBe('\ufffd.pdf');
    expect(cleanFileName('a\udc00b\ud83d.pdf')).toBe('a\ufffdb\ufffd.pdf');
    expect(cleanFileName('\udc00\ud800😀.pdf')).toBe('\ufffd\ufffd😀.pdf');
    expect(cleanFileName('report 😀.pdf')).toBe('report 😀.pdf');
    expect(cleanText('Study \ud800 title\udfff')).toBe('Study \ufffd title\ufffd');
    for (const name of ['\ud800.pdf', '\udfff', `${'\ud800'.repeat(300)}.pdf`]) {
      const cleaned = cleanFileName(name);
      expect(isWellFormed(cleaned), JSON.stringify(cleaned)).toBe(true);
      expect(Buffer.from(cleaned, 'utf8').toString('utf8')).toBe(cleaned);
    }
    expect(isWellFormed('\ud800')).toBe(false);
    expect(isWellFormed('x\udc00')).toBe(false);
    expect(isWellFormed('😀')).toBe(true);
  });

  it('revealHidden shows the original with every hidden character spelled out', () => {
    expect(revealHidden('Consent form \u202Efdp.desktop')).toBe('Consent form ⟨U+202E⟩fdp.desktop');
    expect(revealHidden('a\u0000b\u2028c')).toBe('a⟨U+0000⟩b⟨U+2028⟩c');
    expect(revealHidden('plain.pdf')).toBe('plain.pdf');
  });

  it('fileExtension is lower case and ignores a leading dot', () => {
    expect(fileExtension('Report.PDF')).toBe('.pdf');
    expect(fileExtension('archive.tar.gz')).toBe('.gz');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('_profile')).toBe('');
  });
});
