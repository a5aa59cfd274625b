// Honest names: a document's name is chosen by another organization, so before it is shown
// (list, details, dialogs, activity log) or used for a file on disk it goes through this one
// function. It removes what can make a name look like something else (bidi overrides that
// turn "fdp.exe" into "exe.pdf", invisible and control characters, line breaks) and what a
// file system refuses (separators, Windows' reserved names and characters, trailing dots and
// spaces, names over 255 bytes), and makes it well-formed UTF-16 (no lone surrogates, which
// UTF-8 cannot carry).

/** The longest name kept, in UTF-8 bytes: under every common file system's 255-byte limit. */
export const MAX_NAME_BYTES = 200;

// Bidi controls (LRE…RLO, isolates, marks, ALM), C0, DEL, C1, zero-width characters (ZWSP,
// ZWNJ, ZWJ, word joiner, BOM, Mongolian vowel separator), line and paragraph separators.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;
/** Characters Windows refuses in a name, and both path separators. */
const FORBIDDEN = /[/\\:*?"<>|]/g;
/** CON, PRN, AUX, NUL, COM1–9 and LPT1–9 (also with superscript digits), with or without an extension. */
const RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(\..*)?$/i;
/** An extension worth keeping when the name is cut: short, no spaces. */
const EXTENSION = /\.[^.\s]{1,16}$/u;
/**
 * A UTF-16 surrogate without its other half (JSON.parse lets `"\ud800"` through): no character
 * at all, written to disk or UTF-8 as U+FFFD, so two different names would become the same one.
 */
const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with every unpaired surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
export function wellFormed(text: string): string {
  return text.replace(UNPAIRED, '\ufffd');
}

/** Whether `text` has no unpaired surrogate, so it encodes as UTF-8 without loss (String.prototype.isWellFormed). */
export function isWellFormed(text: string): boolean {
  return text.search(UNPAIRED) === -1;
}

const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** The longest prefix of `text` (whole code points) within `bytes` UTF-8 bytes. */
function cutToBytes(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const ch of text) {
    const size = utf8Length(ch);
    if (used + size > bytes) break;
    used += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

function trimEnds(text: string): string {
  return text.replace(/^\s+/u, '').replace(/[\s.]+$/u, '');
}

/** Text another organization wrote that is shown but never a file name (a study's title): invisible characters out, spaces folded. */
export function cleanText(text: string): string {
  // line breaks and tabs part words; every other invisible character goes
  return wellFormed(String(text))
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The name to show and to write, from a name another organization chose.
 * Never empty: `fallback` when nothing usable is left.
 */
export function cleanFileName(name: string, fallback = 'document'): string {
  let text = wellFormed(String(name)).normalize('NFC').replace(INVISIBLE, '').replace(FORBIDDEN, '_');
  text = trimEnds(text.replace(/\s+/gu, ' '));
  // A leading dot hides a file (or names `.` / `..`).
  if (text.startsWith('.')) text = `_${text.slice(1)}`;
  if (RESERVED.test(text)) text = `_${text}`;
  if (utf8Length(text) > MAX_NAME_BYTES) {
    const ext = EXTENSION.exec(text)?.[0] ?? '';
    text = trimEnds(cutToBytes(text.slice(0, text.length - ext.length), MAX_NAME_BYTES - utf8Length(ext))) + ext;
  }
  return text || fallback;
}

/**
 * The sender's name as it really is, for "More": each character the cleaning removes is
 * written as ⟨U+XXXX⟩, so an override cannot reorder what is shown.
 */
export function revealHidden(name: string): string {
  return String(name).replace(
    INVISIBLE,
    (ch) => `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

/** The extension of a cleaned name, lower case with its dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}
