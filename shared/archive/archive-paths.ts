// Where a document goes in a study archive (docs/protocol.md, "A study archive"): under
// `documents/`, its folder path and its cleaned file name, every segment through the one
// name-cleaning function, so that no name another organization chose can leave the archive's
// root, hide itself or collide silently. Names taken twice (compared case-insensitively, as
// Windows and macOS do) get " (2)", " (3)"… before their extension.
import { cleanFileName, fileExtension, isWellFormed } from '../file-name.js';
import { splitItemPath } from '../item-path.js';

export const DOCUMENTS_FOLDER = 'documents';

/** Hands out archive paths for documents, each once. */
export class ArchivePaths {
  private readonly taken = new Set<string>();

  /** The archive path of a document at `itemPath` whose header names it `fileName`. */
  documentPath(itemPath: string, fileName: string): string {
    const folders = splitItemPath(itemPath)
      .slice(0, -1)
      .map((segment) => cleanFileName(segment, 'folder'));
    const name = cleanFileName(fileName);
    // the extension as written (fileExtension lower-cases it)
    const ext = name.slice(name.length - fileExtension(name).length);
    const stem = name.slice(0, name.length - ext.length);
    for (let n = 1; ; n++) {
      const candidate = [DOCUMENTS_FOLDER, ...folders, n === 1 ? name : `${stem} (${n})${ext}`].join('/');
      const key = candidate.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}

/**
 * Whether a relative archive path stays inside the archive: forward slashes, no empty, `.`
 * or `..` segment, not absolute, no backslash or control character, and well-formed (a lone
 * surrogate would become U+FFFD in the zip or on disk, and collide with another name there).
 */
export function isInsideArchive(relativePath: string): boolean {
  if (relativePath === '' || relativePath.startsWith('/') || relativePath.includes('\\')) return false;
  if (!isWellFormed(relativePath)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(relativePath)) return false;
  return relativePath.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}
