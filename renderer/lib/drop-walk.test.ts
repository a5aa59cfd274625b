// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { filesFromInput, walkEntries } from './drop-walk.js';

// Entries as the File and Directory Entries API hands them out (readEntries in batches).
function fileEntry(name: string): FileSystemFileEntry {
  return {
    name,
    isFile: true,
    isDirectory: false,
    file: (ok: (f: File) => void) => ok(new File([name], name)),
  } as unknown as FileSystemFileEntry;
}
function dirEntry(name: string, children: FileSystemEntry[], batch = 2): FileSystemDirectoryEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (entries: FileSystemEntry[]) => void) => {
          const next = children.slice(at, at + batch);
          at += next.length;
          ok(next);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

describe('walkEntries', () => {
  it('keeps relative paths of a dropped folder and reads every batch', async () => {
    const dropped = [
      dirEntry('Site A', [
        fileEntry('consent.pdf'),
        dirEntry('letters', [fileEntry('l1.docx'), fileEntry('l2.docx'), fileEntry('l3.docx')]),
        fileEntry('notes.txt'),
      ]),
      fileEntry('protocol.pdf'),
    ];
    const files = await walkEntries(dropped);
    expect(files.map((f) => f.relativePath)).toEqual([
      'Site A/consent.pdf',
      'Site A/letters/l1.docx',
      'Site A/letters/l2.docx',
      'Site A/letters/l3.docx',
      'Site A/notes.txt',
      'protocol.pdf',
    ]);
    expect(files[0]?.file.name).toBe('consent.pdf');
  });

  it('uses the name of files from a plain input', () => {
    const files = filesFromInput([new File(['x'], 'a.pdf')]);
    expect(files.map((f) => f.relativePath)).toEqual(['a.pdf']);
  });
});
