// A study's items as the shared refresh keeps them between listings: only what the refresh,
// Find and Changes read (the path, when and which version, the owner, and once a header is
// opened its cleaned name, title and kind), in per-study columns of numbers and short strings.
// 100,000 whole wire items (sealed header, wrapped key, five URLs each) took about 200 MB of
// main's heap; a listing's answer is dropped once it is read, and a header is opened only when
// Find or Changes needs its name (study-watch.ts `names`).
import type { RecordHeader, Item } from '../../../shared/types.js';
import { documentTitle, shownName } from '../../../shared/headers.js';
import { readDocumentFields, type DocumentFields } from '../../../shared/binder/header-fields.js';
import { ownerIdOf } from '../studies/views.js';

/**
 * The first 12 hex digits of a hash as a number (48 bits, exact in a double): which version an
 * item is, without a string per item. What is not hex (another exchange's mistake) is folded.
 */
export function hashKey(hash: string): number {
  if (/^[0-9a-f]{12}/i.test(hash)) return parseInt(hash.slice(0, 12), 16);
  let n = 0;
  for (let i = 0; i < hash.length; i++) n = (n * 31 + hash.charCodeAt(i)) % 2 ** 48;
  return n;
}

const hex12 = (n: number): string => n.toString(16).padStart(12, '0');

/** The version a user sees: the content and the header (a key re-wrapped for someone is not news). */
export const versionKey = (content: number, header: number): string => hex12(content) + hex12(header);

/** An unparsable time (another exchange's mistake) counts as 0: the hashes still tell a change. */
const timeOf = (at: string): number => Date.parse(at) || 0;

/** Owner ids, each kept once per watcher: a study's items mostly have a few owners. */
export class Owners {
  private readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  of(id: string): number {
    let n = this.index.get(id);
    if (n === undefined) {
      n = this.list.length;
      this.list.push(id);
      this.index.set(id, n);
    }
    return n;
  }

  id(n: number): string {
    return this.list[n] ?? '';
  }
}

/** What Find and Changes read of an opened header. */
export interface ItemNames {
  /** The header's name, cleaned (`shownName`); '' when it has none or could not be opened. */
  readonly name: string;
  /** A document's title when it is not its file name, cleaned (`documentTitle`); '' otherwise. */
  readonly title: string;
  readonly record: boolean;
  /** A document's binder fields (decisions §8), when its header has any: Find and the expiring view read them. */
  readonly fields?: DocumentFields;
}

/** Names from an opened header, or from one that could not be opened (`undefined`). */
export const namesOf = (h: RecordHeader | undefined): ItemNames => {
  const fields = h?.type === 'document' ? readDocumentFields(h) : undefined;
  return {
    name: shownName(h, ''),
    title: documentTitle(h),
    record: !!h && h.type !== 'document',
    ...(fields ? { fields } : {}),
  };
};

/** One item as Find reads it: its id (pipe form), its owner and its names, when opened. */
export interface NamedItem extends ItemNames {
  readonly id: string;
  readonly ownerId: string;
}

const OPENED = 1;
const RECORD = 2;

export class StudyItems {
  private readonly slots = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly updated: number[] = [];
  private readonly content: number[] = [];
  private readonly header: number[] = [];
  private readonly key: number[] = [];
  private readonly owner: number[] = [];
  private readonly names: string[] = [];
  private readonly titles: string[] = [];
  private readonly flags: number[] = [];
  /** Binder fields by slot, for the few items that have them (most documents carry none). */
  private readonly fields = new Map<number, DocumentFields>();
  private newestAt?: string;
  private newestMs = -Infinity;

  constructor(private readonly owners: Owners) {}

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /** The newest `updatedAt` as listed: the study's next `since` (inclusive: that item comes again). */
  get newest(): string | undefined {
    return this.newestAt;
  }

  /** Adds or replaces one item as listed; its names stay only while its header and key do. */
  set(item: Item): void {
    const header = hashKey(item.headerHash);
    const key = hashKey(item.keyHash);
    let n = this.slots.get(item.id);
    if (n === undefined) {
      n = this.ids.length;
      this.slots.set(item.id, n);
      this.ids.push(item.id);
      this.names.push('');
      this.titles.push('');
      this.flags.push(0);
    } else if (this.header[n] !== header || this.key[n] !== key) {
      this.names[n] = this.titles[n] = '';
      this.flags[n] = 0;
      this.fields.delete(n);
    }
    const ms = timeOf(item.updatedAt);
    this.updated[n] = ms;
    this.content[n] = hashKey(item.contentHash);
    this.header[n] = header;
    this.key[n] = key;
    this.owner[n] = this.owners.of(ownerIdOf(item));
    if (ms > this.newestMs) [this.newestAt, this.newestMs] = [item.updatedAt, ms];
  }

  /** Carries one item's names over from an earlier listing when its header and key are the same. */
  keepNames(id: string, from: StudyItems): void {
    const n = this.slots.get(id);
    const m = from.slots.get(id);
    if (n === undefined || m === undefined || !(from.flags[m]! & OPENED)) return;
    if (from.header[m] !== this.header[n] || from.key[m] !== this.key[n]) return;
    this.names[n] = from.names[m]!;
    this.titles[n] = from.titles[m]!;
    this.flags[n] = from.flags[m]!;
    const fields = from.fields.get(m);
    if (fields) this.fields.set(n, fields);
  }

  /** Whether `item` is this one as listed before (nothing the file list shows moved). */
  same(item: Item): boolean {
    const n = this.slots.get(item.id);
    return (
      n !== undefined &&
      this.updated[n] === timeOf(item.updatedAt) &&
      this.header[n] === hashKey(item.headerHash) &&
      this.key[n] === hashKey(item.keyHash)
    );
  }

  /** The version of one item (`versionKey`), or undefined when it is not here. */
  version(id: string): string | undefined {
    const n = this.slots.get(id);
    return n === undefined ? undefined : versionKey(this.content[n]!, this.header[n]!);
  }

  ownerOf(id: string): string | undefined {
    const n = this.slots.get(id);
    return n === undefined ? undefined : this.owners.id(this.owner[n]!);
  }

  /** Notes an opened header's names, if `item` is still the version here. */
  name(item: Item, names: ItemNames): void {
    const n = this.slots.get(item.id);
    if (n === undefined || this.header[n] !== hashKey(item.headerHash) || this.key[n] !== hashKey(item.keyHash)) return;
    this.names[n] = names.name;
    this.titles[n] = names.title;
    this.flags[n] = OPENED | (names.record ? RECORD : 0);
    if (names.fields) this.fields.set(n, names.fields);
    else this.fields.delete(n);
  }

  /** An item's names when its header was opened; undefined otherwise. */
  namesOf(id: string): NamedItem | undefined {
    const n = this.slots.get(id);
    return n === undefined ? undefined : this.named(n);
  }

  isNamed(id: string): boolean {
    const n = this.slots.get(id);
    return n !== undefined && (this.flags[n]! & OPENED) !== 0;
  }

  /** Every item's id. */
  *keys(): IterableIterator<string> {
    for (let n = 0; n < this.ids.length; n++) yield this.ids[n]!;
  }

  /** Every item: its id, its owner id and its version (`versionKey`). */
  *versions(): IterableIterator<{ id: string; ownerId: string; version: string }> {
    for (let n = 0; n < this.ids.length; n++)
      yield {
        id: this.ids[n]!,
        ownerId: this.owners.id(this.owner[n]!),
        version: versionKey(this.content[n]!, this.header[n]!),
      };
  }

  private named(n: number): NamedItem | undefined {
    const f = this.flags[n]!;
    if (!(f & OPENED)) return undefined;
    const fields = this.fields.get(n);
    return {
      id: this.ids[n]!,
      ownerId: this.owners.id(this.owner[n]!),
      name: this.names[n]!,
      title: this.titles[n]!,
      record: (f & RECORD) !== 0,
      ...(fields ? { fields } : {}),
    };
  }
}
