// The checklist editor's working copy (decisions §9): a list of rows the owner adds, removes and
// reorders, each with every field of an expected item. Pure functions, so the editor's rules are
// tested without a window (main checks the saved list again with checklistItemsSchema, and keeps
// the fields this client does not know).
import { isCalendarDate } from '../../../shared/binder/calendar-date.js';
import { MAX_CHECKLIST_ITEMS, type ChecklistItem, type ExpectedFrom } from '../../../shared/binder/checklist.js';

export interface DraftRow {
  /** The row's key in the editor (stable across reorders). */
  readonly key: string;
  readonly item: ChecklistItem;
}

const ID = /^[a-z0-9-]{1,64}$/;

/** An id from a title: lower-case words joined by '-', unique among `taken`. */
export function idFor(title: string, taken: ReadonlySet<string>): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'item';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function draftOf(items: readonly ChecklistItem[]): DraftRow[] {
  return items.map((item, i) => ({ key: `${i}-${item.id}`, item }));
}

export function addRow(rows: readonly DraftRow[], docType: string, title: string): DraftRow[] {
  const id = idFor(title, new Set(rows.map((r) => r.item.id)));
  return [
    ...rows,
    { key: `new-${id}-${rows.length}`, item: { id, title, docType, from: 'each-site', required: true } },
  ];
}

export function removeRow(rows: readonly DraftRow[], key: string): DraftRow[] {
  return rows.filter((r) => r.key !== key);
}

/** Moves a row up (-1) or down (+1); at either end nothing changes. */
export function moveRow(rows: readonly DraftRow[], key: string, by: -1 | 1): DraftRow[] {
  const from = rows.findIndex((r) => r.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export function changeRow(rows: readonly DraftRow[], key: string, change: Partial<ChecklistItem>): DraftRow[] {
  return rows.map((r) => (r.key === key ? { key, item: dropUndefined({ ...r.item, ...change }) } : r));
}

function dropUndefined(item: ChecklistItem): ChecklistItem {
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)) as ChecklistItem;
}

/** What is wrong with the draft, one line per problem (nothing when it can be saved). */
export function draftProblems(rows: readonly DraftRow[]): string[] {
  const problems: string[] = [];
  if (rows.length > MAX_CHECKLIST_ITEMS)
    problems.push(`At most ${MAX_CHECKLIST_ITEMS} items (this list has ${rows.length}).`);
  const seen = new Set<string>();
  rows.forEach(({ item }, i) => {
    const where = `Item ${i + 1}`;
    if (!item.title.trim()) problems.push(`${where} needs a title.`);
    else if (item.title.length > 200) problems.push(`${where}: the title is longer than 200 characters.`);
    if (!ID.test(item.id)) problems.push(`${where}: the id may hold only a-z, 0-9 and "-".`);
    else if (seen.has(item.id)) problems.push(`${where}: the id "${item.id}" is used twice.`);
    seen.add(item.id);
    if (item.dueOn !== undefined && !isCalendarDate(item.dueOn)) problems.push(`${where}: the due date is not a date.`);
    if (Array.isArray(item.from) && item.from.length === 0)
      problems.push(`${where}: choose at least one organization it is expected from.`);
  });
  return problems;
}

/** The `items` array saved in the checklist record. */
export function toChecklistItems(rows: readonly DraftRow[]): ChecklistItem[] {
  return rows.map(({ item }) => dropUndefined({ ...item, title: item.title.trim() }));
}

/** "each site", "us", or the chosen organizations' names. */
export function fromWords(from: ExpectedFrom, names: ReadonlyMap<string, string>): string {
  if (from === 'each-site') return 'each site';
  if (from === 'owner') return 'us';
  return from.map((id) => names.get(id) ?? 'another organization').join(', ');
}
