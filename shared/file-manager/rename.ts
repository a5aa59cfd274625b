// Rename (issue 38 §10): the name a document gets, checked the same way in the window and in
// main. The name is cleaned as every file name is; the extension stays, because a document's
// type (what opens it, what the open rule judges) does not change with its name.
import { cleanFileName, fileExtension } from '../file-name.js';

export type RenameCheck =
  { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

/** The new file name for a document now called `current`, or why `wanted` cannot be it. */
export function renameTo(current: string, wanted: string): RenameCheck {
  const typed = wanted.trim();
  if (!typed) return { ok: false, reason: 'Type a name.' };
  const ext = fileExtension(current);
  const given = fileExtension(typed);
  // "report" for "report.pdf" keeps ".pdf"; "report.docx" for it is refused, not silently fixed.
  const withExt = !ext || given === ext ? typed : `${typed}${ext}`;
  if (ext && given && given !== ext && /^\.[a-z0-9]{1,8}$/.test(given))
    return { ok: false, reason: `Keep the ending ${ext}: renaming does not change what kind of file it is.` };
  const name = cleanFileName(withExt, '');
  if (!name) return { ok: false, reason: 'Type a name.' };
  if (name === current) return { ok: false, reason: 'That is its name already.' };
  return { ok: true, name };
}
