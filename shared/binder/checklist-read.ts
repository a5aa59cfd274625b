// Reading a `checklist` record (decisions §9) that the study's owner wrote: a site reads
// another organization's, so nothing in it is trusted. At most 500 items, each field checked,
// titles cleaned, duplicate ids and malformed items left out with a problem saying so, unknown
// fields kept aside so the owner's next save keeps them. Never throws.
import { cleanText } from '../file-name.js';
import { SIGNOFF_MEANINGS, type SignOffMeaning } from '../signoffs/statement.js';
import { isCalendarDate } from './calendar-date.js';
import {
  CHECKLIST_ITEM_ID,
  CHECKLIST_TITLE_MAX,
  CHECKLIST_TYPE,
  CHECKLIST_VERSION,
  MAX_CHECKLIST_ITEMS,
  MAX_FROM_ORGANIZATIONS,
  ORGANIZATION_ID,
  type ChecklistItem,
  type ExpectedFrom,
} from './checklist.js';
import { DOC_TYPE_CODE } from './document-types.js';

/** A checklist as read: the usable items, what was wrong, and the raw record's fields for the next save. */
export interface ParsedChecklist {
  readonly items: ChecklistItem[];
  readonly problems: string[];
  /** Unknown fields per item id and of the record itself, kept when the owner saves it again. */
  readonly unknownItemFields: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly unknownFields: Readonly<Record<string, unknown>>;
}

const KNOWN_ITEM_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'title',
  'docType',
  'from',
  'required',
  'dueOn',
  'needsExpiry',
  'perPerson',
  'signOff',
]);
const KNOWN_RECORD_FIELDS: ReadonlySet<string> = new Set(['type', 'version', 'items']);
/** Problems listed per checklist; past this many, one line says how many more. */
const MAX_PROBLEMS = 20;

/** Reads a checklist record's content (already parsed JSON) that another organization wrote. Never throws. */
export function parseChecklist(content: unknown): ParsedChecklist {
  const problems: string[] = [];
  const unknownItemFields = new Map<string, Record<string, unknown>>();
  const empty = (problem: string): ParsedChecklist => ({
    items: [],
    problems: [problem],
    unknownItemFields,
    unknownFields: {},
  });
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    return empty('The checklist is not a JSON object.');
  const raw = content as Record<string, unknown>;
  if (raw.type !== CHECKLIST_TYPE) return empty('The record at "checklist" is not of type "checklist".');
  if (!Array.isArray(raw.items)) return empty('The checklist has no list of items.');
  const unknownFields = Object.fromEntries(Object.entries(raw).filter(([k]) => !KNOWN_RECORD_FIELDS.has(k)));
  let list: unknown[] = raw.items;
  if (list.length > MAX_CHECKLIST_ITEMS) {
    problems.push(`The checklist has ${list.length} items; only the first ${MAX_CHECKLIST_ITEMS} are read.`);
    list = list.slice(0, MAX_CHECKLIST_ITEMS);
  }
  const items: ChecklistItem[] = [];
  const ids = new Set<string>();
  let skipped = 0;
  const problem = (text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
    else skipped++;
  };
  for (const [index, entry] of list.entries()) {
    const read = readItem(entry, index + 1, problem);
    if (!read) continue;
    if (ids.has(read.item.id)) {
      problem(`Item ${index + 1} repeats the id "${read.item.id}" and is left out.`);
      continue;
    }
    ids.add(read.item.id);
    items.push(read.item);
    if (read.unknown) unknownItemFields.set(read.item.id, read.unknown);
  }
  if (skipped) problems.push(`…and ${skipped} more problems.`);
  return { items, problems, unknownItemFields, unknownFields };
}

function readItem(
  entry: unknown,
  n: number,
  problem: (text: string) => void,
): { item: ChecklistItem; unknown?: Record<string, unknown> } | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    problem(`Item ${n} is not an object and is left out.`);
    return undefined;
  }
  const e = entry as Record<string, unknown>;
  if (typeof e.id !== 'string' || !CHECKLIST_ITEM_ID.test(e.id)) {
    problem(`Item ${n} has no valid id and is left out.`);
    return undefined;
  }
  if (typeof e.docType !== 'string' || !DOC_TYPE_CODE.test(e.docType)) {
    problem(`Item ${n} has no valid type code and is left out.`);
    return undefined;
  }
  const from = readFrom(e.from);
  if (!from) {
    problem(`Item ${n} does not say from whom it is expected and is left out.`);
    return undefined;
  }
  const title = typeof e.title === 'string' && e.title.length <= CHECKLIST_TITLE_MAX * 4 ? cleanText(e.title) : '';
  if (!title || title.length > CHECKLIST_TITLE_MAX)
    problem(`Item ${n} has no usable title; its type is shown instead.`);
  const item: {
    -readonly [K in keyof ChecklistItem]: ChecklistItem[K];
  } = { id: e.id, title: title && title.length <= CHECKLIST_TITLE_MAX ? title : e.docType, docType: e.docType, from };
  if (typeof e.required === 'boolean') item.required = e.required;
  if (e.dueOn !== undefined) {
    if (isCalendarDate(e.dueOn)) item.dueOn = e.dueOn;
    else problem(`Item ${n} has an unreadable due date, which is ignored.`);
  }
  if (typeof e.needsExpiry === 'boolean') item.needsExpiry = e.needsExpiry;
  if (typeof e.perPerson === 'boolean') item.perPerson = e.perPerson;
  if (e.signOff !== undefined) {
    if ((SIGNOFF_MEANINGS as readonly unknown[]).includes(e.signOff)) item.signOff = e.signOff as SignOffMeaning;
    else problem(`Item ${n} asks for an unknown kind of sign-off, which is ignored.`);
  }
  const unknownEntries = Object.entries(e).filter(([k]) => !KNOWN_ITEM_FIELDS.has(k));
  return { item, ...(unknownEntries.length ? { unknown: Object.fromEntries(unknownEntries) } : {}) };
}

function readFrom(from: unknown): ExpectedFrom | undefined {
  if (from === 'each-site' || from === 'owner') return from;
  if (!Array.isArray(from) || from.length === 0 || from.length > MAX_FROM_ORGANIZATIONS) return undefined;
  if (!from.every((id) => typeof id === 'string' && ORGANIZATION_ID.test(id))) return undefined;
  return [...new Set(from as string[])];
}

/**
 * The record to save: the owner's items (already checked with checklistItemsSchema), each
 * with the unknown fields it had in `previous`, and the record's own unknown fields.
 */
export function checklistRecord(items: readonly ChecklistItem[], previous?: ParsedChecklist): Record<string, unknown> {
  return {
    ...(previous?.unknownFields ?? {}),
    type: CHECKLIST_TYPE,
    version: CHECKLIST_VERSION,
    items: items.map((item) => ({ ...(previous?.unknownItemFields.get(item.id) ?? {}), ...item })),
  };
}
