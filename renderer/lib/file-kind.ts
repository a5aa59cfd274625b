// What kind of thing a row is, in words a coordinator reads ("PDF document", "Word document").
// Both the media type and the name come from another organization; the extension is what the
// system acts on once the file is written, so it decides, and the media type speaks only for a
// name without one. A launcher declared as application/pdf reads "Linux launcher (.desktop)".
import { fileExtension } from '../../shared/file-name.js';
import { knownTypeWords } from '../../shared/open-rule.js';
import { shownText } from '../../shared/shown-text.js';

export type FileKind =
  | 'folder'
  | 'pdf'
  | 'word'
  | 'excel'
  | 'powerpoint'
  | 'csv'
  | 'text'
  | 'image'
  | 'audio'
  | 'video'
  | 'archive'
  | 'json'
  | 'study-record'
  | 'record'
  | 'document'
  | 'other'
  | 'unreadable'
  | 'pending';

const WORDS: Record<FileKind, string> = {
  folder: 'Folder',
  pdf: 'PDF document',
  word: 'Word document',
  excel: 'Excel spreadsheet',
  powerpoint: 'PowerPoint presentation',
  csv: 'CSV table',
  text: 'Text document',
  image: 'Image',
  audio: 'Audio',
  video: 'Video',
  archive: 'Archive',
  json: 'JSON data',
  'study-record': 'Study record',
  record: 'Structured record',
  document: 'Document',
  other: 'File',
  unreadable: 'Unreadable',
  pending: '…',
};

const BY_MEDIA_TYPE: Readonly<Record<string, FileKind>> = {
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.oasis.opendocument.text': 'word',
  'application/rtf': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'application/vnd.oasis.opendocument.spreadsheet': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/zip': 'archive',
  'application/x-zip-compressed': 'archive',
  'application/gzip': 'archive',
  'application/x-7z-compressed': 'archive',
  'application/x-tar': 'archive',
};

const BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ods: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  csv: 'csv',
  txt: 'text',
  md: 'text',
  json: 'json',
  zip: 'archive',
  gz: 'archive',
  '7z': 'archive',
  tar: 'archive',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  tif: 'image',
  tiff: 'image',
  mp3: 'audio',
  wav: 'audio',
  mp4: 'video',
  mov: 'video',
};

/** A document's kind from its (cleaned) file name's extension, else its media type. */
export function documentKind(mediaType: string | undefined, fileName: string | undefined): FileKind {
  const ext = fileExtension(fileName ?? '');
  if (ext) return BY_EXTENSION[ext.slice(1)] ?? 'other';
  const media = (mediaType ?? '').toLowerCase().split(';')[0]!.trim();
  const exact = BY_MEDIA_TYPE[media];
  if (exact) return exact;
  if (media.startsWith('image/')) return 'image';
  if (media.startsWith('audio/')) return 'audio';
  if (media.startsWith('video/')) return 'video';
  if (media.startsWith('text/')) return 'text';
  return 'document';
}

/** Words for an extension the table does not know: "Linux launcher (.desktop)", "DAT file". */
export function otherTypeWords(fileName: string): string {
  const ext = fileExtension(fileName);
  const known = knownTypeWords(ext)?.replace(/^an? /u, '');
  return known ? `${known.charAt(0).toUpperCase()}${known.slice(1)} (${ext})` : `${ext.slice(1).toUpperCase()} file`;
}

/** A structured record's kind from its header type. */
export function recordKind(type: string): FileKind {
  return type === 'study' ? 'study-record' : 'record';
}

/** The words for a kind; other record types read "<type> record" (the type cleaned and cut: another organization chose it). */
export function kindWords(kind: FileKind, recordType?: string): string {
  const type = recordType && kind === 'record' ? shownText(recordType, 60, '') : '';
  if (type) return `${type.charAt(0).toUpperCase()}${type.slice(1)} record`;
  return WORDS[kind];
}
