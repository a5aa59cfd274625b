// File-list rows: what each column shows for a folder or an item, then sorting and filtering.
// Folders always come before items, whatever the column, as in every file manager.
import { cleanFileName } from '../../shared/file-name.js';
import { asDocument, shownName } from '../../shared/headers.js';
import type { ItemView } from '../../shared/ipc/views.js';
import { compareText, type Entry } from './file-tree.js';
import { binderColumns } from '../features/binder/row-fields.js';
import { documentKind, kindWords, otherTypeWords, recordKind, type FileKind } from './file-kind.js';

export type Column = 'name' | 'type' | 'expires' | 'size' | 'owner' | 'updated' | 'shared';
type Direction = 'asc' | 'desc';
export interface SortSpec {
  readonly column: Column;
  readonly direction: Direction;
}

export interface Row {
  readonly entry: Entry;
  readonly key: string;
  /** What the Name column shows: the document title or file name when known, else the path segment. */
  readonly label: string;
  /** What the Type column shows, in words ("PDF document"), and the icon's kind. */
  readonly type: string;
  readonly kind: FileKind;
  readonly size?: number;
  readonly owner: string;
  readonly updated?: string;
  readonly sharedWith?: number;
  /** The document's expiry date (decisions §8), or 'unreadable' when its header carries a wrong one. */
  readonly expires?: string;
  /** What a filter looks in, lower-cased once (toRow fills it): the shown name, the path segment, the type. */
  readonly search?: string;
}

interface RowContext {
  /** Organization names by id (the study's collaborators and the owner). */
  readonly names: ReadonlyMap<string, string>;
}

/** The name shown: the sender's, cleaned like every name another organization chose. */
export function itemLabel(item: ItemView, fallback: string): string {
  return shownName(item.decryptedHeader, fallback);
}

export function itemKind(item: ItemView): FileKind {
  const h = item.decryptedHeader;
  if (!h) return item.headerProblem ? 'unreadable' : 'pending';
  const d = asDocument(h);
  if (d) return documentKind(d.mediaType, writtenName(d));
  return recordKind(h.type);
}

export function itemType(item: ItemView): string {
  const kind = itemKind(item);
  const d = kind === 'other' && item.decryptedHeader ? asDocument(item.decryptedHeader) : undefined;
  return d ? otherTypeWords(writtenName(d)) : kindWords(kind, item.decryptedHeader?.type);
}

/** The name a document is written under (and so opened by): its extension is its real type. */
function writtenName(d: { readonly fileName?: string; readonly name?: string }): string {
  return cleanFileName(d.fileName || d.name || '', '');
}

export function toRow(entry: Entry, context: RowContext): Row {
  if (entry.kind === 'folder') {
    const type = kindWords('folder');
    return {
      entry,
      key: entry.key,
      label: entry.name,
      type,
      kind: 'folder',
      owner: '',
      search: searchText(entry.name, entry.name, type),
    };
  }
  const item = entry.item;
  const doc = asDocument(item.decryptedHeader);
  const label = itemLabel(item, entry.name);
  const { type, expires, person } = binderColumns(item, itemType(item));
  return {
    entry,
    key: entry.key,
    label,
    type,
    expires,
    search: searchText(label, entry.name, type, person),
    kind: itemKind(item),
    size: typeof doc?.size === 'number' ? doc.size : undefined,
    owner: item.ownedByMe ? 'You' : (context.names.get(item.ownerId) ?? 'Another organization'),
    updated: item.updatedAt,
    // Counted by main with the headers of the rows in view, and again by each details fetch.
    sharedWith: item.accessCount,
  };
}

function compareOptional<T>(a: T | undefined, b: T | undefined, cmp: (x: T, y: T) => number): number {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return cmp(a, b);
}

function compareBy(column: Column, a: Row, b: Row): number {
  switch (column) {
    case 'name':
      return compareText(a.label, b.label);
    case 'type':
      return compareText(a.type, b.type);
    case 'expires':
      return compareOptional(a.expires, b.expires, compareText);
    case 'size':
      return compareOptional(a.size, b.size, (x, y) => x - y);
    case 'owner':
      return compareText(a.owner, b.owner);
    case 'updated':
      return compareOptional(a.updated, b.updated, (x, y) => Date.parse(x) - Date.parse(y));
    case 'shared':
      return compareOptional(a.sharedWith, b.sharedWith, (x, y) => x - y);
  }
}

export function sortRows(rows: readonly Row[], spec: SortSpec): Row[] {
  const sign = spec.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (a.entry.kind !== b.entry.kind) return a.entry.kind === 'folder' ? -1 : 1;
    const primary = compareBy(spec.column, a, b) * sign;
    // Ties fall back to the name, then the key, so the order is stable across refreshes.
    return primary || compareText(a.label, b.label) || compareText(a.key, b.key);
  });
}

/** The fields a filter matches, lower-cased, kept apart so a match never spans two. */
function searchText(label: string, name: string, type: string, person = ''): string {
  return `${label}\n${name}\n${type}\n${person}`.toLocaleLowerCase();
}

/**
 * Case-insensitive match on the shown name, the path segment and the type. A keystroke in a
 * folder of 100,000 rows is one `includes` per row: the lower-cased text comes with the row.
 */
export function filterRows(rows: readonly Row[], text: string): Row[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => (row.search ?? searchText(row.label, row.entry.name, row.type)).includes(needle));
}

/** Clicking a column sorts by it; clicking it again flips the direction. */
export function nextSort(current: SortSpec, column: Column): SortSpec {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'updated' || column === 'size' ? 'desc' : 'asc' };
}
