import { describe, expect, it } from 'vitest';
import { ArchivePaths, isInsideArchive } from './archive-paths.js';

describe('archive paths', () => {
  it('puts a document under its folders and its cleaned name', () => {
    const paths = new ArchivePaths();
    expect(paths.documentPath('site-files/cv/0123', 'CV Reyes.pdf')).toBe('documents/site-files/cv/CV Reyes.pdf');
  });

  it('numbers names taken twice, case-insensitively, before the extension', () => {
    const paths = new ArchivePaths();
    expect(paths.documentPath('a/1', 'Log.xlsx')).toBe('documents/a/Log.xlsx');
    expect(paths.documentPath('a/2', 'log.xlsx')).toBe('documents/a/log (2).xlsx');
    expect(paths.documentPath('a/3', 'LOG.xlsx')).toBe('documents/a/LOG (3).xlsx');
    expect(paths.documentPath('b/3', 'log.xlsx')).toBe('documents/b/log.xlsx');
  });

  it('keeps hostile names inside the archive', () => {
    const paths = new ArchivePaths();
    const hostile = [
      ['x/1', '../x'],
      ['x/2', '..'],
      ['x/3', 'CON'],
      ['x/4', 'a\u0000b\u0007c.pdf'],
      ['x/5', '\u202Efdp.exe'],
      ['x/6', `${'é'.repeat(200)}.pdf`],
      ['x/7', '/etc/passwd'],
      ['x/8', 'a\\..\\..\\b'],
    ] as const;
    for (const [path, name] of hostile) {
      const out = paths.documentPath(path, name);
      expect(isInsideArchive(out), out).toBe(true);
      expect(out.startsWith('documents/x/'), out).toBe(true);
      expect(Buffer.byteLength(out.split('/').pop()!), out).toBeLessThanOrEqual(255);
      for (const hidden of ['\u202e', '\u0000', '\u0007']) expect(out).not.toContain(hidden);
    }
    expect(paths.documentPath('x/9', 'CON')).toBe('documents/x/_CON (2)');
  });

  it('numbers names that differ only by a lone surrogate (the same name once encoded)', () => {
    const paths = new ArchivePaths();
    expect(paths.documentPath('a', '\ud800.pdf')).toBe('documents/\ufffd.pdf');
    expect(paths.documentPath('b', '\ud801.pdf')).toBe('documents/\ufffd (2).pdf');
  });

  it('tells paths that leave the root', () => {
    for (const bad of ['', '/a', 'a/../b', '..', 'a//b', 'a\\b', 'a/./b', 'a\nb', 'documents/\ud800.pdf'])
      expect(isInsideArchive(bad)).toBe(false);
    expect(isInsideArchive('documents/a b/c (2).pdf')).toBe(true);
  });
});
