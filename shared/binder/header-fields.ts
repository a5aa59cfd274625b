// What a document is, in its encrypted header (decisions §8): docType, expiresOn, person and
// versionLabel beside the IRBX.2 fields. Headers come from other organizations: each field is
// checked on read, and one that is present but wrong is named as unreadable (the window shows
// "unreadable date"), never silently dropped. Describing a document (upload, Describe…, the CLI)
// takes the same fields, checked by describe-schema.ts.
import { cleanText } from '../file-name.js';
import type { RecordHeader } from '../types.js';
import { isCalendarDate } from './calendar-date.js';
import { DOC_TYPE_CODE } from './document-types.js';

export const PERSON_NAME_MAX = 200;
export const VERSION_LABEL_MAX = 64;

export const DOCUMENT_FIELD_NAMES = ['docType', 'expiresOn', 'person', 'versionLabel'] as const;
export type DocumentFieldName = (typeof DOCUMENT_FIELD_NAMES)[number];

/** A header's binder fields as read: each one present and valid, or named in `unreadable`. */
export interface DocumentFields {
  readonly docType?: string;
  readonly expiresOn?: string;
  readonly person?: { readonly name: string };
  readonly versionLabel?: string;
  /** Fields present in the header but not valid (a wrong expiresOn: "unreadable date"). */
  readonly unreadable?: readonly DocumentFieldName[];
}

/** The binder fields of a decrypted header; undefined when it carries none of them. */
export function readDocumentFields(header: RecordHeader | undefined): DocumentFields | undefined {
  if (!header) return undefined;
  const { docType, expiresOn, person, versionLabel } = header;
  if (docType === undefined && expiresOn === undefined && person === undefined && versionLabel === undefined)
    return undefined;
  const fields: {
    docType?: string;
    expiresOn?: string;
    person?: { name: string };
    versionLabel?: string;
  } = {};
  const unreadable: DocumentFieldName[] = [];
  if (docType !== undefined) {
    if (typeof docType === 'string' && DOC_TYPE_CODE.test(docType)) fields.docType = docType;
    else unreadable.push('docType');
  }
  if (expiresOn !== undefined) {
    if (isCalendarDate(expiresOn)) fields.expiresOn = expiresOn;
    else unreadable.push('expiresOn');
  }
  if (person !== undefined) {
    const name = cleanedText(
      typeof person === 'object' && person !== null ? (person as Record<string, unknown>).name : undefined,
      PERSON_NAME_MAX,
    );
    if (name) fields.person = { name };
    else unreadable.push('person');
  }
  if (versionLabel !== undefined) {
    const label = cleanedText(versionLabel, VERSION_LABEL_MAX);
    if (label) fields.versionLabel = label;
    else unreadable.push('versionLabel');
  }
  return unreadable.length ? { ...fields, unreadable } : fields;
}

/** Text another organization wrote, cleaned (controls, bidi, invisibles), when it is 1–max characters. */
function cleanedText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value.length > max * 4) return undefined;
  const text = cleanText(value).trim();
  return text.length >= 1 && text.length <= max ? text : undefined;
}

/**
 * The header with a change applied: set fields replaced, null ones removed, everything else
 * (IRBX.2 fields, fields of other clients) kept as it was (§8: readers keep what they do not know).
 * The change is checked before (describe-schema.ts's DescribeChange, which imports this file).
 */
export function applyDescribeChange<H extends RecordHeader>(
  header: H,
  change: Readonly<Partial<Record<(typeof DOCUMENT_FIELD_NAMES)[number], unknown>>>,
): H {
  const next: Record<string, unknown> = { ...header };
  for (const name of DOCUMENT_FIELD_NAMES) {
    const value = change[name];
    if (value === null) delete next[name];
    else if (value !== undefined) next[name] = value;
  }
  return next as H;
}
