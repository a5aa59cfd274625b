// The binder fields of decisions §8 as a user sets them (upload, Describe…, the CLI), checked at
// main's door and by the CLI. Zod lives here, apart from header-fields.ts, so the window's bundle
// (which imports the constants and types) does not carry it.
import { z } from 'zod';
import { isCalendarDate } from './calendar-date.js';
import { DOC_TYPE_CODE } from './document-types.js';
import { PERSON_NAME_MAX, VERSION_LABEL_MAX } from './header-fields.js';

export const docTypeCode = z.string().regex(DOC_TYPE_CODE, 'A type code is 1–64 characters of a-z, 0-9 and -.');
export const calendarDate = z.string().refine(isCalendarDate, 'A date is a real calendar date, YYYY-MM-DD.');
/** Text as a person typed it: trimmed, then checked (controls and bidi characters are cleaned on read). */
const personName = z.string().trim().min(1).max(PERSON_NAME_MAX);
const versionLabel = z.string().trim().min(1).max(VERSION_LABEL_MAX);

/** The fields an upload sets: a type, and optionally expiry, person and version label. */
export const describeFieldsSchema = z.strictObject({
  docType: docTypeCode,
  expiresOn: calendarDate.optional(),
  person: z.strictObject({ name: personName }).optional(),
  versionLabel: versionLabel.optional(),
});
export type DescribeFields = z.output<typeof describeFieldsSchema>;

/**
 * A change to the fields (binder.describe, `items describe`): a value sets it, null removes
 * it, absent leaves it as it is.
 */
export const describeChangeSchema = z.strictObject({
  docType: docTypeCode.nullable().optional(),
  expiresOn: calendarDate.nullable().optional(),
  person: z.strictObject({ name: personName }).nullable().optional(),
  versionLabel: versionLabel.nullable().optional(),
});
export type DescribeChange = z.output<typeof describeChangeSchema>;
