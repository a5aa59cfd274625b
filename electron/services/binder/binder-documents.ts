// The documents of a study listing as fulfilment reads them (decisions §9): records and
// reserved paths left out, each with its owner, date, content hash and §8 fields. How a header
// is opened is the caller's (the app's header cache, or the CLI's key).
import { readDocumentFields } from '../../../shared/binder/header-fields.js';
import type { FulfilmentDocument } from '../../../shared/binder/fulfilment.js';
import { cleanText } from '../../../shared/file-name.js';
import { shownName } from '../../../shared/headers.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import type { Container, Item, Organization, RecordHeader } from '../../../shared/types.js';
import type { BinderOrganization } from '../../../shared/binder/views.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { ownerOf } from '../study-records.js';
import { MAX_ORGANIZATION_NAME } from '../../../shared/limits.js';

export function fulfilmentDocuments(
  items: readonly Item[],
  openHeader: (item: Item) => RecordHeader | undefined,
): FulfilmentDocument[] {
  const out: FulfilmentDocument[] = [];
  for (const item of items) {
    if (isReservedItemId(item.id)) continue;
    const header = openHeader(item);
    if (header?.type !== 'document') continue;
    const fields = readDocumentFields(header);
    const path = toSlashForm(item.id);
    out.push({
      path,
      name: shownName(header, path),
      ownerId: ownerOf(item),
      updatedAt: item.updatedAt,
      contentHash: item.contentHash,
      ...(fields ? { fields } : {}),
    });
  }
  return out;
}

/** The study's organizations (owner first), names cleaned: the rows a binder may have. */
export async function binderOrganizations(
  client: ExchangeClient,
  container: Pick<Container, 'id' | 'ownerId'>,
  options: CallOptions = {},
): Promise<BinderOrganization[]> {
  const members = await client.listContainerOrganizations(container.id, options);
  let owner: Pick<Organization, 'id' | 'name'> | undefined = members.find((o) => o.id === container.ownerId);
  owner ??= await client.getOrganization(container.ownerId, options).catch(() => ({
    id: container.ownerId,
    name: container.ownerId,
  }));
  const row = (o: Pick<Organization, 'id' | 'name'>): BinderOrganization => ({
    id: o.id,
    name: cleanText(o.name).slice(0, MAX_ORGANIZATION_NAME) || o.id,
    isOwner: o.id === container.ownerId,
  });
  return [row(owner), ...members.filter((o) => o.id !== container.ownerId).map(row)];
}
