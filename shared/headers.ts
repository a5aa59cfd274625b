// Decrypted headers come from other organizations: their fields are checked here, once, by
// main when it opens a header and by the window when it narrows one to a document.
import { cleanFileName } from './file-name.js';
import { shownText } from './shown-text.js';
import type { DocumentHeader, RecordHeader } from './types.js';

/** The decrypted JSON as a record header (an object with string type and version), or why not. */
export function parseRecordHeader(value: unknown): { readonly header: RecordHeader } | { readonly problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'the decrypted header is not a JSON object' };
  const { type, version } = value as Record<string, unknown>;
  if (typeof type !== 'string' || typeof version !== 'string')
    return { problem: 'the decrypted header has no string "type" and "version"' };
  const header = { ...value, type, version };
  if (type === 'document' && !asDocument(header)) {
    return {
      problem:
        'the decrypted document header needs a text name and fileName, and a text mediaType and whole size when present',
    };
  }
  return { header };
}

/** The header as a document header, when it is one with fields of the right types. */
export function asDocument(header: RecordHeader | undefined): DocumentHeader | undefined {
  if (header?.type !== 'document') return undefined;
  const { name, fileName, mediaType, size } = header;
  if (typeof name !== 'string' || typeof fileName !== 'string') return undefined;
  if (mediaType !== undefined && typeof mediaType !== 'string') return undefined;
  if (size !== undefined && !(typeof size === 'number' && Number.isSafeInteger(size) && size >= 0)) return undefined;
  return {
    ...header,
    type: 'document',
    name,
    fileName,
    ...(mediaType === undefined ? {} : { mediaType }),
    ...(size === undefined ? {} : { size }),
  };
}

/** The name the sender gave an item: a document's file name, else its title, else a record's name ('' when none). Not yet cleaned. */
export function headerName(header: RecordHeader | undefined): string {
  const document = asDocument(header);
  if (document) return document.fileName || document.name;
  return typeof header?.name === 'string' ? header.name : '';
}

/**
 * The name shown for an item, cleaned: a document's name as the file it is written to
 * (cleanFileName, at most 200 bytes), a record's title as text (a colon stays a colon, at most 200
 * characters); `fallback` when none.
 */
export function shownName(header: RecordHeader | undefined, fallback: string): string {
  const name = headerName(header);
  if (!name) return fallback;
  return asDocument(header) ? cleanFileName(name, fallback) : shownText(name, undefined, fallback);
}

/**
 * A document's title (its header's `name`) when it is not just its file name, cleaned as the file
 * name is (the details pane shows it so); '' for a record or a document without one.
 */
export function documentTitle(header: RecordHeader | undefined): string {
  const document = asDocument(header);
  if (!document?.name || document.name === document.fileName) return '';
  return cleanFileName(document.name, '');
}
