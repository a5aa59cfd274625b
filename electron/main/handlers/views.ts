// Builds the renderer's views from wire resources, decrypting headers with the session's
// key (cached by header hash, so a refresh does not unwrap a key twice).
import { toSlashForm } from '../../../shared/item-path.js';
import { openHeader } from '../../../shared/protocol/envelope.js';
import type { ContainerView, ItemView } from '../../../shared/ipc/views.js';
import type { Container, Item, RecordHeader } from '../../../shared/types.js';
import type { Session } from '../session.js';

export function ownerIdOf(item: Pick<Item, 'ownerUrl'>): string {
  return item.ownerUrl.split('/').filter(Boolean).pop() ?? '';
}

const headerCache = new WeakMap<Session, Map<string, RecordHeader | string>>();

function cacheOf(session: Session): Map<string, RecordHeader | string> {
  let c = headerCache.get(session);
  if (!c) headerCache.set(session, (c = new Map()));
  return c;
}

const cacheKey = (containerId: string, item: Item) => `${containerId}|${item.id}|${item.headerHash}|${item.keyHash}`;

export function itemView(session: Session, containerId: string, item: Item, decrypt: boolean): ItemView {
  const ownerId = ownerIdOf(item);
  const key = cacheKey(containerId, item);
  const cache = cacheOf(session);
  let header = cache.get(key);
  if (header === undefined && decrypt) {
    try {
      header = openHeader(item, session.keys.openItemKey(item));
    } catch (e) {
      header = e instanceof Error ? e.message : String(e);
    }
    cache.set(key, header);
  }
  return {
    ...item,
    path: toSlashForm(item.id),
    ownerId,
    ownedByMe: ownerId === session.profile.organizationId,
    ...(typeof header === 'object' ? { decryptedHeader: header } : {}),
    ...(typeof header === 'string' ? { headerProblem: header } : {}),
  };
}

export async function containerView(session: Session, c: Container): Promise<ContainerView> {
  return { ...c, ownerName: await session.organizationName(c.ownerId), ownedByMe: c.ownerId === session.profile.organizationId };
}
