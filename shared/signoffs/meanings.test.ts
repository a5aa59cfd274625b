// The window's checks (meanings.ts, no zod) and main's schemas (statement.ts) accept and refuse
// the same printed names, roles and comments.
import { describe, expect, it } from 'vitest';
import { MAX_SIGNER_NAME, commentProblem, lineTextProblem } from './meanings.js';
import { commentSchema, signerNameSchema } from './statement.js';

const NAMES = [
  'Dana Reyes',
  'José Álvarez-Núñez',
  '',
  ' Dana',
  'Dana ',
  '=HYPERLINK("x")',
  '+1',
  '-x',
  '@SUM',
  'Dana\u202eReyes',
  'Dana\u200bReyes',
  'Dana\nReyes',
  'x'.repeat(MAX_SIGNER_NAME),
  'x'.repeat(MAX_SIGNER_NAME + 1),
];
const COMMENTS = [
  'Read v3.',
  'Line one\nline two\tindented',
  '',
  '=cmd',
  'bidi \u202e here',
  'bell \u0007',
  'y'.repeat(2001),
];

describe('sign-off text rules without zod', () => {
  it('refuse exactly what the statement schema refuses, with its words', () => {
    for (const name of NAMES) {
      const parsed = signerNameSchema.safeParse(name);
      expect(lineTextProblem(name, MAX_SIGNER_NAME) === undefined, JSON.stringify(name)).toBe(parsed.success);
    }
    for (const comment of COMMENTS) {
      expect(commentProblem(comment) === undefined, JSON.stringify(comment)).toBe(
        commentSchema.safeParse(comment).success,
      );
    }
    expect(lineTextProblem('=1', 10)).toBe(signerNameSchema.safeParse('=1').error?.issues[0]?.message);
  });
});
