// A media type for a document's header from its file name; unknown types are octet-stream.
import path from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  // Office formats with macros: the open rule (shared/open-rule.ts) asks before opening these.
  '.docm': 'application/vnd.ms-word.document.macroEnabled.12',
  '.dotm': 'application/vnd.ms-word.template.macroEnabled.12',
  '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
  '.xltm': 'application/vnd.ms-excel.template.macroEnabled.12',
  '.xlsb': 'application/vnd.ms-excel.sheet.binary.macroEnabled.12',
  '.pptm': 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  '.potm': 'application/vnd.ms-powerpoint.template.macroEnabled.12',
  '.ppsm': 'application/vnd.ms-powerpoint.slideshow.macroEnabled.12',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.rtf': 'application/rtf',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
  '.md': 'text/markdown',
  '.tsv': 'text/tab-separated-values',
  '.webp': 'image/webp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.bmp': 'image/bmp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.zip': 'application/zip',
};

export function mediaTypeFor(fileName: string): string {
  return TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}
