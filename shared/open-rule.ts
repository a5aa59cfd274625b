// Which documents may go to the system opener. The opener picks a program by the file's
// extension, and both the extension and the media type were chosen by another organization:
// a document opens directly only when its extension is on this allow-list of document, image
// and text types AND its declared media type agrees. Formats that can carry code the opening
// program may run (Office and OpenDocument macros, RTF objects, CSV and TSV formulas) open only after the user was told
// the risk and chose Open anyway: main refuses such an open unless its call says so. Anything
// else (programs, scripts, shortcuts, launchers, installers, disk images, archives, web pages,
// unknown types, a mismatch) is never opened; the window offers "Save as…" or "Show in folder".
import { fileExtension } from './file-name.js';

/** Allowed extension → the media types a sender may declare for it. */
const OPENABLE: Readonly<Record<string, readonly string[]>> = {
  '.pdf': ['application/pdf'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  '.pptx': ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  '.txt': ['text/plain'],
  '.md': ['text/markdown', 'text/plain'],
  '.json': ['application/json', 'text/plain'],
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.gif': ['image/gif'],
  '.webp': ['image/webp'],
  '.tif': ['image/tiff'],
  '.tiff': ['image/tiff'],
  '.bmp': ['image/bmp'],
};

const MACROS =
  'It can carry macros: code that runs on this computer once the program that opens it is allowed to run them.';
const BASIC_MACROS =
  'It can carry Basic macros: code that runs on this computer once the program that opens it (LibreOffice, say) is allowed to run them.';
const FORMULAS =
  'A spreadsheet program that opens it runs the formulas in its cells, and a formula can start programs or send data away.';

/**
 * Documents that open only once the user accepted the risk: extension → the media types a sender
 * may declare, the type in words, and the risk in a sentence.
 */
const ASK_FIRST: Readonly<
  Record<string, { readonly types: readonly string[]; readonly words: string; readonly risk: string }>
> = {
  '.doc': { types: ['application/msword'], words: 'a Word document in the old format', risk: MACROS },
  '.docm': {
    types: ['application/vnd.ms-word.document.macroEnabled.12'],
    words: 'a Word document with macros',
    risk: MACROS,
  },
  '.dotm': {
    types: ['application/vnd.ms-word.template.macroEnabled.12'],
    words: 'a Word template with macros',
    risk: MACROS,
  },
  '.xls': { types: ['application/vnd.ms-excel'], words: 'an Excel workbook in the old format', risk: MACROS },
  '.xlsm': {
    types: ['application/vnd.ms-excel.sheet.macroEnabled.12'],
    words: 'an Excel workbook with macros',
    risk: MACROS,
  },
  '.xltm': {
    types: ['application/vnd.ms-excel.template.macroEnabled.12'],
    words: 'an Excel template with macros',
    risk: MACROS,
  },
  '.xlsb': {
    types: ['application/vnd.ms-excel.sheet.binary.macroEnabled.12'],
    words: 'an Excel binary workbook',
    risk: MACROS,
  },
  '.ppt': {
    types: ['application/vnd.ms-powerpoint'],
    words: 'a PowerPoint presentation in the old format',
    risk: MACROS,
  },
  '.pptm': {
    types: ['application/vnd.ms-powerpoint.presentation.macroEnabled.12'],
    words: 'a PowerPoint presentation with macros',
    risk: MACROS,
  },
  '.potm': {
    types: ['application/vnd.ms-powerpoint.template.macroEnabled.12'],
    words: 'a PowerPoint template with macros',
    risk: MACROS,
  },
  '.ppsm': {
    types: ['application/vnd.ms-powerpoint.slideshow.macroEnabled.12'],
    words: 'a PowerPoint slide show with macros',
    risk: MACROS,
  },
  '.rtf': {
    types: ['application/rtf', 'text/rtf'],
    words: 'a rich-text document',
    risk: 'It can hold embedded objects that run code on this computer when the program that opens it starts them.',
  },
  '.csv': {
    types: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
    words: 'a comma-separated table',
    risk: FORMULAS,
  },
  '.tsv': { types: ['text/tab-separated-values', 'text/plain'], words: 'a tab-separated table', risk: FORMULAS },
  '.odt': { types: ['application/vnd.oasis.opendocument.text'], words: 'an OpenDocument text', risk: BASIC_MACROS },
  '.ods': {
    types: ['application/vnd.oasis.opendocument.spreadsheet'],
    words: 'an OpenDocument spreadsheet',
    risk: BASIC_MACROS,
  },
  '.odp': {
    types: ['application/vnd.oasis.opendocument.presentation'],
    words: 'an OpenDocument presentation',
    risk: BASIC_MACROS,
  },
};

/** Words for the types a coordinator is most likely to be sent instead of a document. */
const KNOWN_UNSAFE: Readonly<Record<string, string>> = {
  '.exe': 'a Windows program',
  '.com': 'a Windows program',
  '.scr': 'a Windows screen saver (a program)',
  '.msi': 'a Windows installer',
  '.msix': 'a Windows installer',
  '.bat': 'a Windows batch script',
  '.cmd': 'a Windows batch script',
  '.ps1': 'a PowerShell script',
  '.vbs': 'a Visual Basic script',
  '.js': 'a JavaScript program',
  '.jse': 'a JavaScript program',
  '.wsf': 'a Windows script',
  '.hta': 'a Windows HTML application (a program)',
  '.lnk': 'a Windows shortcut',
  '.url': 'an Internet shortcut',
  '.desktop': 'a Linux launcher',
  '.sh': 'a shell script',
  '.bash': 'a shell script',
  '.py': 'a Python program',
  '.pl': 'a Perl program',
  '.rb': 'a Ruby program',
  '.jar': 'a Java program',
  '.appimage': 'a Linux program',
  '.deb': 'a Linux installer',
  '.rpm': 'a Linux installer',
  '.app': 'a macOS program',
  '.command': 'a macOS script',
  '.pkg': 'a macOS installer',
  '.dmg': 'a disk image',
  '.iso': 'a disk image',
  '.img': 'a disk image',
  '.vhd': 'a disk image',
  '.zip': 'an archive',
  '.7z': 'an archive',
  '.rar': 'an archive',
  '.tar': 'an archive',
  '.gz': 'an archive',
  '.html': 'a web page (it can run scripts)',
  '.htm': 'a web page (it can run scripts)',
  '.svg': 'an SVG image (it can run scripts)',
};

/**
 * Words for an extension the rule knows as more than a document: a program, script, installer or
 * archive ('.desktop' → 'a Linux launcher'), or a format that can carry code ('.docm' → 'a Word
 * document with macros').
 */
export function knownTypeWords(ext: string): string | undefined {
  const lower = ext.toLowerCase();
  return ASK_FIRST[lower]?.words ?? KNOWN_UNSAFE[lower];
}

export type OpenVerdict =
  /** A document that opens directly. */
  | { readonly kind: 'open' }
  /** Opens only once the user chose to after reading `risk`. */
  | {
      readonly kind: 'ask';
      /** The file's type in words, e.g. "a Word document with macros (.docm)". */
      readonly realType: string;
      /** What opening it risks, in a sentence. */
      readonly risk: string;
    }
  /** Never opened. */
  | {
      readonly kind: 'refuse';
      /** The file's real type in words, e.g. "a Linux launcher (.desktop)". */
      readonly realType: string;
      /** Why it is not opened, in a sentence. */
      readonly reason: string;
    };

/** The media type without parameters, lower case. */
function essence(mediaType: string | undefined): string {
  return (mediaType ?? '').split(';')[0]!.trim().toLowerCase();
}

const declares = (allowed: readonly string[], declared: string): boolean =>
  allowed.some((t) => t.toLowerCase() === declared);

/** `fileName` must already be cleaned (cleanFileName): the extension read here is the one written. */
export function openVerdict(fileName: string, mediaType: string | undefined): OpenVerdict {
  const ext = fileExtension(fileName);
  const declared = essence(mediaType);
  const ask = ASK_FIRST[ext];
  const allowed = OPENABLE[ext] ?? ask?.types;
  if (!allowed) {
    const realType = ext
      ? `${KNOWN_UNSAFE[ext] ?? 'a file of a type the app does not open'} (${ext})`
      : 'a file without an extension';
    return { kind: 'refuse', realType, reason: `It is ${realType}, which could run code on this computer.` };
  }
  if (!declares(allowed, declared)) {
    const realType = `a ${ext} file declared as ${declared || 'no type'}`;
    return {
      kind: 'refuse',
      realType,
      reason: `Its name says ${ext} but the sender declared ${declared || 'no type'}: the two must agree.`,
    };
  }
  if (ask) return { kind: 'ask', realType: `${ask.words} (${ext})`, risk: ask.risk };
  return { kind: 'open' };
}
