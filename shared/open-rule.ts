// Which documents may go to the system opener. The opener picks a program by the file's
// extension, and both the extension and the media type were chosen by another organization:
// a document opens directly only when its extension is on this allow-list of document, image
// and text types AND its declared media type agrees. Anything else (programs, scripts,
// shortcuts, launchers, installers, disk images, archives, web pages, unknown types, a
// mismatch) is never opened; the window offers "Save as…" or "Show in folder" instead.
import { fileExtension } from './file-name.js';

/** Allowed extension → the media types a sender may declare for it. */
const OPENABLE: Readonly<Record<string, readonly string[]>> = {
  '.pdf': ['application/pdf'],
  '.doc': ['application/msword'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  '.xls': ['application/vnd.ms-excel'],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  '.ppt': ['application/vnd.ms-powerpoint'],
  '.pptx': ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  '.odt': ['application/vnd.oasis.opendocument.text'],
  '.ods': ['application/vnd.oasis.opendocument.spreadsheet'],
  '.odp': ['application/vnd.oasis.opendocument.presentation'],
  '.rtf': ['application/rtf', 'text/rtf'],
  '.txt': ['text/plain'],
  '.csv': ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
  '.tsv': ['text/tab-separated-values', 'text/plain'],
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
  '.docm': 'a Word document with macros',
  '.xlsm': 'an Excel workbook with macros',
  '.pptm': 'a PowerPoint presentation with macros',
};

/** Words for a program, script, installer or archive extension ('.desktop' → 'a Linux launcher'). */
export function unsafeTypeWords(ext: string): string | undefined {
  return KNOWN_UNSAFE[ext.toLowerCase()];
}

type OpenVerdict =
  | { readonly safe: true }
  | {
      readonly safe: false;
      /** The file's real type in words, e.g. "a Linux launcher (.desktop)". */
      readonly realType: string;
      /** Why it is not opened, in a sentence. */
      readonly reason: string;
    };

/** The media type without parameters, lower case. */
function essence(mediaType: string | undefined): string {
  return (mediaType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** `fileName` must already be cleaned (cleanFileName): the extension read here is the one written. */
export function openVerdict(fileName: string, mediaType: string | undefined): OpenVerdict {
  const ext = fileExtension(fileName);
  const declared = essence(mediaType);
  const allowed = OPENABLE[ext];
  if (!allowed) {
    const realType = ext ? `${KNOWN_UNSAFE[ext] ?? 'a file of a type the app does not open'} (${ext})` : 'a file without an extension';
    return { safe: false, realType, reason: `It is ${realType}, which could run code on this computer.` };
  }
  if (!allowed.includes(declared)) {
    const realType = `a ${ext} file declared as ${declared || 'no type'}`;
    return { safe: false, realType, reason: `Its name says ${ext} but the sender declared ${declared || 'no type'}: the two must agree.` };
  }
  return { safe: true };
}
