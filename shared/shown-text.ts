// Text another organization wrote (a record's type or fields, a folder name, a media type), as
// the window shows it: cleaned like every name (no bidi overrides, invisible or control
// characters) and cut, so one field cannot reorder what is shown or fill the pane with megabytes.
import { cleanText, revealHidden } from './file-name.js';

/** The most characters shown of one piece of another organization's text. */
export const MAX_SHOWN_CHARS = 200;

/** `text` cut to `max` characters (whole code points) with "…" when longer. */
export function cutText(text: string, max = MAX_SHOWN_CHARS): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // never split a surrogate pair
  if (/[\ud800-\udbff]/u.test(text.charAt(end - 1))) end--;
  return `${text.slice(0, end)}…`;
}

/** Cleaned and cut; `fallback` when nothing visible is left. */
export function shownText(text: unknown, max = MAX_SHOWN_CHARS, fallback = '—'): string {
  // Cleaning a megabyte costs; the cut only ever needs its beginning (invisible characters
  // removed, so keep a generous margin).
  const raw = String(text);
  const head = raw.length > max * 8 ? raw.slice(0, max * 8) : raw;
  const clean = cleanText(head);
  if (head !== raw && clean.length < max) return `${clean}…`;
  return cutText(clean, max) || fallback;
}

/** The text as it was sent, every removed character written as ⟨U+XXXX⟩ (for "More"), cut. */
export function revealedText(text: unknown, max = MAX_SHOWN_CHARS * 5): string {
  const raw = String(text);
  return cutText(revealHidden(raw.length > max ? raw.slice(0, max + 1) : raw), max);
}
