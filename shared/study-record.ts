// The study record (protocol.md §7): a study's title and particulars, kept as an encrypted
// structured record at path `study` of its container. Other clients may write fields we do
// not know; an edit keeps them.
import { z } from 'zod';
import { STUDY_TITLE_MAX } from './study-title.js';
import { cleanText } from './file-name.js';

export { STUDY_RECORD_PATH, fallbackStudyTitle, STUDY_TITLE_MAX } from './study-title.js';

const STUDY_RECORD_TYPE = 'study';
const STUDY_RECORD_VERSION = 'IRBX.2';

const optionalText = (max: number) => z.string().trim().max(max).optional();
// (knownStudyFields holds what it reads to the same limits: LIMITS below)

/** The fields a client may set; `title` is required. */
export const studyFieldsSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'A study needs a title.')
    .max(STUDY_TITLE_MAX, `A title has at most ${STUDY_TITLE_MAX} characters.`),
  shortTitle: optionalText(100),
  protocolNumber: optionalText(100),
  principalInvestigator: z
    .strictObject({ name: z.string().trim().min(1).max(200), email: z.string().trim().max(320).optional() })
    .optional(),
  sponsor: optionalText(200),
  description: optionalText(4000),
});
export type StudyFields = z.output<typeof studyFieldsSchema>;
export type StudyFieldName = keyof StudyFields;
/** The fields an edit may name as changed (containers.updateStudy's `changed`). */
export const STUDY_FIELD_NAMES = [
  'title',
  'shortTitle',
  'protocolNumber',
  'principalInvestigator',
  'sponsor',
  'description',
] as const satisfies readonly StudyFieldName[];

/** A record as read: its known fields checked, everything else carried along untouched. */
export interface StudyRecord extends StudyFields {
  readonly type: 'study';
  readonly version: string;
  readonly [unknownField: string]: unknown;
}

/** What a record read from the exchange is, or why it is not a study record. */
export function parseStudyRecord(content: unknown): StudyRecord {
  if (!content || typeof content !== 'object' || Array.isArray(content))
    throw new Error('The study record is not a JSON object.');
  const raw = content as Record<string, unknown>;
  if (raw.type !== STUDY_RECORD_TYPE)
    throw new Error(`The record at "study" has type ${JSON.stringify(raw.type)}, not "study".`);
  const known = studyFieldsSchema.partial().strip().safeParse(raw);
  const title = typeof raw.title === 'string' ? cleanText(raw.title) : '';
  if (!title || title.length > STUDY_TITLE_MAX) throw new Error('The study record has no usable title.');
  if (!known.success) {
    // A malformed optional field does not hide the study's title: keep it as an unknown field.
    return { ...raw, type: 'study', version: String(raw.version ?? STUDY_RECORD_VERSION), title } as StudyRecord;
  }
  return {
    ...raw,
    ...known.data,
    type: 'study',
    version: String(raw.version ?? STUDY_RECORD_VERSION),
    title,
  } as StudyRecord;
}

/**
 * The record to write: `previous` (when there is one) with the edited fields replaced. Fields
 * this client does not know stay; optional fields left empty are removed.
 */
export function mergeStudyRecord(
  previous: Readonly<Record<string, unknown>> | undefined,
  edit: StudyFields,
  changed: readonly StudyFieldName[] = STUDY_FIELD_NAMES,
): StudyRecord {
  const fields = studyFieldsSchema.parse(edit);
  const next: Record<string, unknown> = { ...(previous ?? {}) };
  // a record with no title yet takes the edit's whatever was changed
  const keys =
    typeof next.title === 'string' && next.title ? changed : [...new Set<StudyFieldName>(['title', ...changed])];
  for (const key of keys) {
    const value = fields[key];
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
  }
  next.type = STUDY_RECORD_TYPE;
  next.version = STUDY_RECORD_VERSION;
  return next as StudyRecord;
}

/** At most `max` characters: longer text keeps its start and ends with "…". */
function capped(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A field's limits as the schema sets them (studyFieldsSchema), applied to what was read. */
const LIMITS = {
  shortTitle: 100,
  protocolNumber: 100,
  piName: 200,
  piEmail: 320,
  sponsor: 200,
  description: 4000,
} as const;

/**
 * Only the fields this client knows, well-formed (what the renderer shows and edits). What
 * another organization wrote is held to the schema's limits here, since the schema itself only
 * checks writes: invisible and bidi characters removed (line breaks kept in the description),
 * over-long text cut, anything not text dropped.
 */
export function knownStudyFields(record: StudyRecord): StudyFields {
  const text = (v: unknown, max: number) => {
    const clean = typeof v === 'string' ? cleanText(v.slice(0, max * 4)) : '';
    return clean ? capped(clean, max) : undefined;
  };
  const paragraphs = (v: unknown, max: number) => {
    if (typeof v !== 'string') return undefined;
    const clean = v
      .slice(0, max * 4)
      .split(/\r\n|\n|\r/)
      .map(cleanText)
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    return clean ? capped(clean, max) : undefined;
  };
  const pi = record.principalInvestigator as unknown;
  const piName = pi && typeof pi === 'object' ? text((pi as { name?: unknown }).name, LIMITS.piName) : undefined;
  const piEmail = pi && typeof pi === 'object' ? text((pi as { email?: unknown }).email, LIMITS.piEmail) : undefined;
  const fields: Record<string, unknown> = {
    title: record.title,
    shortTitle: text(record.shortTitle, LIMITS.shortTitle),
    protocolNumber: text(record.protocolNumber, LIMITS.protocolNumber),
    principalInvestigator: piName ? { name: piName, ...(piEmail ? { email: piEmail } : {}) } : undefined,
    sponsor: text(record.sponsor, LIMITS.sponsor),
    description: paragraphs(record.description, LIMITS.description),
  };
  for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
  return fields as unknown as StudyFields;
}

/** The header the record is saved with (its `name` is the title). */
export function studyRecordHeader(record: StudyRecord): { type: 'study'; version: string; name: string } {
  return { type: STUDY_RECORD_TYPE, version: STUDY_RECORD_VERSION, name: record.title };
}
