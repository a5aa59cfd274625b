// A sign-off's statement and record (docs/protocol.md §10, Sign-offs): the one schema the app,
// the command-line tool and the archive read and write them with, and the exact bytes that
// are signed (RFC 8785, JSON Canonicalization Scheme, by the maintained `canonicalize`).
import canonicalize from 'canonicalize';
import { z } from 'zod';
import {
  COMMENT_HIDDEN,
  COMMENT_HIDDEN_PROBLEM,
  FORMULA_PROBLEM,
  FORMULA_START,
  HIDDEN,
  HIDDEN_PROBLEM,
  MAX_COMMENT,
  MAX_DOCUMENT_NAME,
  MAX_SIGNER_NAME,
  MAX_SIGNER_ROLE,
  SIGNOFF_MEANINGS,
  SPACES_PROBLEM,
} from './meanings.js';

export const SIGNOFF_RECORD_VERSION = 'SX.1';

export {
  MAX_COMMENT,
  MAX_DOCUMENT_NAME,
  MAX_SIGNER_NAME,
  MAX_SIGNER_ROLE,
  MEANING_WORDS,
  SIGNOFF_MEANINGS,
  type SignOffMeaning,
} from './meanings.js';
export const meaningSchema = z.enum(SIGNOFF_MEANINGS);

/** Free text one line long, as a person's name or role: no hidden characters, no formula start, not blank. */
const lineText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((t) => !HIDDEN.test(t), HIDDEN_PROBLEM)
    .refine((t) => !FORMULA_START.test(t), FORMULA_PROBLEM)
    .refine((t) => t.trim() === t && t.length > 0, SPACES_PROBLEM);

export const signerNameSchema = lineText(MAX_SIGNER_NAME);
export const signerRoleSchema = lineText(MAX_SIGNER_ROLE);
/** A comment may hold line breaks and tabs, nothing else hidden. */
export const commentSchema = z
  .string()
  .min(1)
  .max(MAX_COMMENT)
  .refine((t) => !COMMENT_HIDDEN.test(t), COMMENT_HIDDEN_PROBLEM)
  .refine((t) => !FORMULA_START.test(t), FORMULA_PROBLEM);

const hex32 = z.string().regex(/^[0-9a-f]{32}$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/** UTC with `Z`, as §10 asks (milliseconds optional). */
const utcTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/);
/** YYYY-MM-DD. */
export const dateOnlySchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

export const signerSchema = z.strictObject({ name: signerNameSchema, role: signerRoleSchema.optional() });
export type Signer = z.infer<typeof signerSchema>;

/** S of §10: exactly these fields, nothing else (a field the signer did not mean cannot ride along). */
export const statementSchema = z.strictObject({
  containerId: hex32,
  itemId: z
    .string()
    .min(1)
    .max(12 * 201),
  contentHash: hex64,
  documentName: z.string().min(1).max(MAX_DOCUMENT_NAME),
  meaning: meaningSchema,
  signer: signerSchema,
  organizationId: hex32,
  signedAt: utcTimestamp,
  comment: commentSchema.optional(),
});
export type SignOffStatement = z.infer<typeof statementSchema>;

export const signOffContentSchema = z.strictObject({
  type: z.literal('signoff'),
  version: z.literal(SIGNOFF_RECORD_VERSION),
  statement: statementSchema,
  signature: z
    .string()
    .min(4)
    .max(2048)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  certificate: z.string().regex(/^[0-9a-f]{40}$/),
});
export type SignOffContent = z.infer<typeof signOffContentSchema>;

export const SIGNOFF_HEADER = { type: 'signoff', version: SIGNOFF_RECORD_VERSION, name: 'Sign-off' } as const;

export const requestContentSchema = z.looseObject({
  type: z.literal('signoff-request'),
  version: z.literal(SIGNOFF_RECORD_VERSION),
  itemId: z
    .string()
    .min(1)
    .max(12 * 201),
  contentHash: hex64,
  meaning: meaningSchema,
  organizations: z.array(hex32).min(1).max(1000),
  dueOn: dateOnlySchema.optional(),
  message: commentSchema.optional(),
});
export type SignOffRequestContent = z.infer<typeof requestContentSchema>;

export const REQUEST_HEADER = {
  type: 'signoff-request',
  version: SIGNOFF_RECORD_VERSION,
  name: 'Sign-off request',
} as const;

/** The exact bytes that are signed: S in RFC 8785 canonical form, UTF-8. */
export function statementBytes(statement: SignOffStatement): Uint8Array {
  const text = canonicalize(statement);
  if (text === undefined) throw new Error('the statement cannot be canonicalized');
  return new TextEncoder().encode(text);
}
