// One study's listing against what was known of it: what the file list and Find must follow
// (every item changed, own ones too), what is New (another organization's, not reserved), and
// what a whole listing no longer has. Plain data: the watcher does the asking and the telling.
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import type { Item } from '../../../shared/types.js';
import { ownerIdOf } from '../handlers/views.js';

/** The version a user sees: the content and the header (a key re-wrapped for someone is not news). */
export const versionOf = (i: Item): string => `${i.contentHash.slice(0, 12)}${i.headerHash.slice(0, 12)}`;

export const sameListing = (a: Item, b: Item): boolean =>
  a.updatedAt === b.updatedAt && a.headerHash === b.headerHash && a.keyHash === b.keyHash;

/** What was known of a study before this listing. */
export type Prior =
  /** Listed in this run: the items as listed. */
  | { readonly kind: 'listed'; readonly items: ReadonlyMap<string, Item> }
  /** Known from an earlier run: versions by id (absent for a large study), and the watermark. */
  | { readonly kind: 'remembered'; readonly known?: Readonly<Record<string, string>>; readonly watermark?: string }
  /** Never listed by this profile (its first run, or a study just shared with it). */
  | { readonly kind: 'none' };

export interface StudyDiff {
  /** The study's items now. */
  readonly items: Map<string, Item>;
  /** Added or changed since the prior listing (own items included); empty for a first listing. */
  readonly changed: Item[];
  /** What a whole listing no longer has (the item when it was listed in this run; `own` when it was the profile's). */
  readonly removed: { readonly id: string; readonly item?: Item; readonly own: boolean }[];
  /** Another organization's items, new or of another version: New, and in Changes. */
  readonly arrivals: { readonly item: Item; readonly added: boolean }[];
}

/** Strictly after: the item at the watermark itself was seen. */
const later = (updatedAt: string, watermark: string): boolean => Date.parse(updatedAt) > Date.parse(watermark);

/** A remembered version: the profile's own items marked, so a later whole listing does not report them gone. */
export const rememberedVersion = (i: Item, self: string): string => (ownerIdOf(i) === self ? '*' : '') + versionOf(i);

export function diffListing(prior: Prior, listed: readonly Item[], whole: boolean, self: string): StudyDiff {
  const before = prior.kind === 'listed' ? prior.items : undefined;
  const items = whole || !before ? new Map<string, Item>() : new Map(before);
  const changed: Item[] = [];
  const arrivals: StudyDiff['arrivals'] = [];
  for (const item of listed) {
    items.set(item.id, item);
    if (prior.kind === 'none') continue;
    let isChanged: boolean;
    let added: boolean;
    let newVersion: boolean;
    if (before) {
      const old = before.get(item.id);
      isChanged = !old || !sameListing(old, item);
      added = !old;
      newVersion = !old || versionOf(old) !== versionOf(item);
    } else if (prior.kind === 'remembered' && prior.known) {
      const old = prior.known[item.id];
      added = old === undefined;
      isChanged = newVersion = old === undefined || old.replace(/^\*/, '') !== versionOf(item);
    } else {
      // a large study after a restart: only the watermark tells
      const watermark = prior.kind === 'remembered' ? prior.watermark : undefined;
      isChanged = newVersion = added = watermark !== undefined && later(item.updatedAt, watermark);
    }
    if (isChanged) changed.push(item);
    if (newVersion && !isReservedItemId(item.id) && ownerIdOf(item) !== self) arrivals.push({ item, added });
  }
  const removed: StudyDiff['removed'] = [];
  if (whole && before) {
    for (const [id, item] of before) if (!items.has(id)) removed.push({ id, item, own: ownerIdOf(item) === self });
  } else if (whole && prior.kind === 'remembered' && prior.known) {
    for (const [id, v] of Object.entries(prior.known)) if (!items.has(id)) removed.push({ id, own: v.startsWith('*') });
  }
  return { items, changed, removed, arrivals };
}

/** The newest `updatedAt` of a study's items: its next `since` (inclusive: that item comes again). */
export function newestOf(items: Iterable<Item>): string | undefined {
  let newest: string | undefined;
  let newestMs = -Infinity;
  for (const item of items) {
    const ms = Date.parse(item.updatedAt);
    if (ms > newestMs) [newest, newestMs] = [item.updatedAt, ms];
  }
  return newest;
}
