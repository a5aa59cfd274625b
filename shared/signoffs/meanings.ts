// What a sign-off may say, without zod or canonicalize: the meanings and their words, the limits,
// and the rules for a printed name, role and comment. The window checks a form with these before
// main does (statement.ts builds its schemas from the same rules), and bundles no schema library.
export const SIGNOFF_MEANINGS = ['reviewed', 'approved', 'acknowledged', 'read-and-understood', 'authored'] as const;
export type SignOffMeaning = (typeof SIGNOFF_MEANINGS)[number];

/** How each meaning reads where a sign-off is shown (21 CFR 11.50: the meaning of the signature). */
export const MEANING_WORDS: Readonly<Record<SignOffMeaning, string>> = {
  reviewed: 'Reviewed',
  approved: 'Approved',
  acknowledged: 'Acknowledged',
  'read-and-understood': 'Read and understood',
  authored: 'Authored',
};

export const MAX_SIGNER_NAME = 200;
export const MAX_SIGNER_ROLE = 200;
export const MAX_COMMENT = 2000;
export const MAX_DOCUMENT_NAME = 200;

// C0, DEL, C1, bidi controls, zero-width and line/paragraph separators: a printed name or
// role must read as what it is, so a statement holding one is refused, never cleaned.
export const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/u;
// eslint-disable-next-line no-control-regex
export const COMMENT_HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
/** What a spreadsheet would run as a formula. */
export const FORMULA_START = /^[=+\-@]/u;

export const HIDDEN_PROBLEM = 'holds a control, bidi or invisible character';
export const COMMENT_HIDDEN_PROBLEM = 'holds a control or bidi character';
export const FORMULA_PROBLEM = 'starts like a spreadsheet formula (=, +, - or @)';
export const SPACES_PROBLEM = 'has leading or trailing spaces';

/** Why `text` cannot be a printed name or role of at most `max` characters; undefined when it can. */
export function lineTextProblem(text: string, max: number): string | undefined {
  if (text.length === 0) return 'is empty';
  if (text.length > max) return `is longer than ${max} characters`;
  if (HIDDEN.test(text)) return HIDDEN_PROBLEM;
  if (FORMULA_START.test(text)) return FORMULA_PROBLEM;
  if (text.trim() !== text) return SPACES_PROBLEM;
  return undefined;
}

/** Why `text` cannot be a sign-off's comment (or a request's message); undefined when it can. */
export function commentProblem(text: string): string | undefined {
  if (text.length === 0) return 'is empty';
  if (text.length > MAX_COMMENT) return `is longer than ${MAX_COMMENT} characters`;
  if (COMMENT_HIDDEN.test(text)) return COMMENT_HIDDEN_PROBLEM;
  if (FORMULA_START.test(text)) return FORMULA_PROBLEM;
  return undefined;
}
