// One study's listing against what was known of it: what the file list and Find must follow
// (every item changed, own ones too), what is New (another organization's, not reserved), and
// what a whole listing no longer has. Plain data: the watcher does the asking and the telling.
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import type { Item } from '../../../shared/types.js';
import { ownerIdOf } from '../studies/views.js';
import { hashKey, StudyItems, versionKey, type ItemNames, type Owners } from './study-items.js';

/** The version a user sees: the content and the header (a key re-wrapped for someone is not news). */
export const versionOf = (i: Item): string => versionKey(hashKey(i.contentHash), hashKey(i.headerHash));

/** What was known of a study before this listing. */
export type Prior =
  /** Listed in this run: the items as listed (a `since` listing updates them in place). */
  | { readonly kind: 'listed'; readonly items: StudyItems }
  /** Known from an earlier run: versions by id (absent for a large study), and the watermark. */
  | { readonly kind: 'remembered'; readonly known?: Readonly<Record<string, string>>; readonly watermark?: string }
  /** Never listed by this profile (its first run, or a study just shared with it). */
  | { readonly kind: 'none' };

export interface Removed {
  readonly id: string;
  /** Whether it was the profile's own. */
  readonly own: boolean;
  /** Its owner, when it was listed in this run. */
  readonly ownerId?: string;
  /** Its names, when its header was opened while it was listed. */
  readonly names?: ItemNames;
}

export interface StudyDiff {
  /** The study's items now. */
  readonly items: StudyItems;
  /** Added or changed since the prior listing (own items included), as listed; empty for a first listing. */
  readonly changed: Item[];
  /** What a whole listing no longer has. */
  readonly removed: Removed[];
  /** Another organization's items, new or of another version: New, and in Changes. */
  readonly arrivals: { readonly item: Item; readonly added: boolean }[];
  /**
   * Another organization's reserved records (receipts, sign-offs, requests), new or of another
   * version; on a first listing (nothing known before) every one listed: a request outstanding
   * then is news to Changes, though no document is.
   */
  readonly records: Item[];
}

/** Strictly after: the item at the watermark itself was seen. */
const later = (updatedAt: string, watermark: string): boolean => Date.parse(updatedAt) > Date.parse(watermark);

/** A remembered version: the profile's own items marked, so a later whole listing does not report them gone. */
export const rememberedVersion = (i: Item, self: string): string => (ownerIdOf(i) === self ? '*' : '') + versionOf(i);

export function diffListing(
  prior: Prior,
  listed: readonly Item[],
  whole: boolean,
  self: string,
  owners: Owners,
): StudyDiff {
  const before = prior.kind === 'listed' ? prior.items : undefined;
  const items = whole || !before ? new StudyItems(owners) : before;
  const changed: Item[] = [];
  const arrivals: StudyDiff['arrivals'] = [];
  const records: Item[] = [];
  for (const item of listed) {
    let isChanged = false;
    let added = false;
    let newVersion = false;
    if (before) {
      const old = before.version(item.id);
      added = old === undefined;
      isChanged = added || !before.same(item);
      newVersion = added || old !== versionOf(item);
    } else if (prior.kind === 'remembered' && prior.known) {
      const old = prior.known[item.id];
      added = old === undefined;
      isChanged = newVersion = old === undefined || old.replace(/^\*/, '') !== versionOf(item);
    } else if (prior.kind === 'remembered') {
      // a large study after a restart: only the watermark tells
      isChanged = newVersion = added = prior.watermark !== undefined && later(item.updatedAt, prior.watermark);
    }
    items.set(item);
    if (before && items !== before) items.keepNames(item.id, before);
    if (isChanged) changed.push(item);
    if (ownerIdOf(item) !== self) {
      if (!isReservedItemId(item.id)) {
        if (newVersion) arrivals.push({ item, added });
      } else if (newVersion || prior.kind === 'none') records.push(item);
    }
  }
  const removed: Removed[] = [];
  if (whole && before) {
    for (const id of before.keys())
      if (!items.has(id)) {
        const ownerId = before.ownerOf(id);
        const names = before.namesOf(id);
        removed.push({ id, own: ownerId === self, ...(ownerId ? { ownerId } : {}), ...(names ? { names } : {}) });
      }
  } else if (whole && prior.kind === 'remembered' && prior.known) {
    for (const [id, v] of Object.entries(prior.known)) if (!items.has(id)) removed.push({ id, own: v.startsWith('*') });
  }
  return { items, changed, removed, arrivals, records };
}

/** The newest `updatedAt` of these items: a `since` (inclusive: that item comes again). */
export function newestOf(items: Iterable<Item>): string | undefined {
  let newest: string | undefined;
  let newestMs = -Infinity;
  for (const item of items) {
    const ms = Date.parse(item.updatedAt);
    if (ms > newestMs) [newest, newestMs] = [item.updatedAt, ms];
  }
  return newest;
}
