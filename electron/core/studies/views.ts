// Builds the renderer's views from wire resources, decrypting headers with the session's
// key (cached by header hash in the session's HeaderCache, so a refresh does not unwrap a key twice).
import { shownName } from '../../../shared/headers.js';
import { toPipeForm, toSlashForm } from '../../../shared/item-path.js';
import { openHeader } from '../../../shared/protocol/envelope.js';
import type { ContainerView, ItemView } from '../../../shared/ipc/views.js';
import type { Container, Item } from '../../../shared/types.js';
import { knownStudyFields } from '../../../shared/study-record.js';
import { readDocumentFields } from '../../../shared/binder/header-fields.js';
import type { StudySession } from './study-session.js';

/** The last owner URL seen and its id: a listing's items mostly have a few owners, whose ids are then one string each. */
let lastOwner = { url: '', id: '' };

export function ownerIdOf(item: Pick<Item, 'ownerUrl'>): string {
  const url = item.ownerUrl;
  if (url === lastOwner.url) return lastOwner.id;
  // the usual `/organizations/<id>` without splitting
  const id = !url.endsWith('/') ? url.slice(url.lastIndexOf('/') + 1) : (url.split('/').filter(Boolean).pop() ?? '');
  lastOwner = { url, id };
  return id;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The wire item as the renderer's view, its header opened when `decrypt` (or when opened before). */
export function itemView(session: StudySession, containerId: string, item: Item, decrypt: boolean): ItemView {
  const ownerId = ownerIdOf(item);
  const cache = session.headers.of(containerId);
  // Keyed by the id alone (no 200-character key string per item of a 100,000-item listing);
  // nothing opened yet (a first listing) needs no look-up.
  const cached = cache.size === 0 ? undefined : cache.get(item.id);
  let header =
    cached && cached.headerHash === item.headerHash && cached.keyHash === item.keyHash ? cached.header : undefined;
  if (header === undefined && decrypt) {
    try {
      header = openHeader(item, session.keys.openItemKey(item));
    } catch (e) {
      header = e instanceof Error ? e.message : String(e);
    }
    cache.set(item.id, { headerHash: item.headerHash, keyHash: item.keyHash, header });
  }
  // One literal of one shape for every item (no spread, no delete): cheap to make, and without
  // the sealed header, wrapped key and URLs the window never reads, cheap to copy across IPC.
  const view: Mutable<ItemView> = {
    id: item.id,
    path: toSlashForm(item.id),
    ownerId,
    ownedByMe: ownerId === session.profile.organizationId,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    headerHash: item.headerHash,
    contentHash: item.contentHash,
    keyHash: item.keyHash,
  };
  if (typeof header === 'object') {
    view.decryptedHeader = header;
    // checked once here, so the window, Find and the binder read the same fields (decisions §8)
    const fields = header.type === 'document' ? readDocumentFields(header) : undefined;
    if (fields) view.fields = fields;
  } else if (typeof header === 'string') view.headerProblem = header;
  return view;
}

export async function containerView(session: StudySession, c: Container): Promise<ContainerView> {
  const [ownerName, { title, record, version }] = await Promise.all([
    session.organizationName(c.ownerId),
    session.studies.title(c),
  ]);
  if (record) session.rememberTitle(c.id, title);
  return {
    ...c,
    ownerName,
    ownedByMe: c.ownerId === session.profile.organizationId,
    title,
    ...(record ? { study: knownStudyFields(record), studyVersion: version } : {}),
  };
}

/** A name to show for an item: its document's file name or title when its header is open, else its path. */
export async function itemDisplayName(session: StudySession, containerId: string, itemPath: string): Promise<string> {
  const pipe = toPipeForm(itemPath);
  let header = session.headers.of(containerId).get(pipe)?.header;
  if (header === undefined) {
    const item = await session.client.getItem(containerId, itemPath).catch(() => undefined);
    if (item) header = itemView(session, containerId, item, true).decryptedHeader;
  }
  return shownName(typeof header === 'object' ? header : undefined, toSlashForm(itemPath));
}
