// The delivery of documents, computed from what the exchange listed: the owner's documents,
// their access lists and the receipts that passed validation (docs/protocol.md §7, Receipts). Pure, so
// the report for thousands of documents costs one pass over the listing.
import {
  receivedBeforeVersion,
  type DeliveryCell,
  type DistributionReport,
  type ReportRow,
} from '../../../shared/delivery.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import type { Item, Organization } from '../../../shared/types.js';
import { ownerIdOf, receiptHash, type ValidReceipt } from './receipt-record.js';

/** Valid receipts by receiver and hash: where each one's document is looked up. */
export type ReceiptIndex = ReadonlyMap<string, ValidReceipt>;

export const indexKey = (receiverId: string, hash: string): string => `${receiverId}/${hash}`;

export function indexReceipts(receipts: Iterable<ValidReceipt>): Map<string, ValidReceipt> {
  const index = new Map<string, ValidReceipt>();
  for (const r of receipts) index.set(indexKey(r.receiverId, receiptHash(r.content.itemId)), r);
  return index;
}

/** The cell of one organization for one document, as of the document's current version. */
export function deliveryCell(
  document: Pick<Item, 'id' | 'contentHash' | 'updatedAt'>,
  org: Pick<Organization, 'id' | 'name'>,
  receipt: ValidReceipt | undefined,
): DeliveryCell {
  const base = { organizationId: org.id, organizationName: org.name };
  // the hash names the path; the claim inside must name this very document too
  if (!receipt || receipt.receiverId !== org.id || receipt.content.itemId !== toSlashForm(document.id))
    return { ...base, state: 'none' };
  const state = receipt.content.contentHash === document.contentHash.toLowerCase() ? 'this' : 'earlier';
  const { receivedAt, action } = receipt.content;
  // this version's date is the exchange's; an earlier one's only what the receipt itself claims
  const versionAt = state === 'this' ? document.updatedAt : receipt.content.itemUpdatedAt;
  return {
    ...base,
    state,
    receivedAt,
    action,
    ...(receivedBeforeVersion(receivedAt, versionAt) ? { receivedBeforeVersion: true as const } : {}),
  };
}

/** The cells of a document: every organization on its access list but its owner. */
export function documentCells(
  document: Pick<Item, 'id' | 'contentHash' | 'ownerUrl' | 'updatedAt'>,
  access: readonly Organization[],
  index: ReceiptIndex,
): DeliveryCell[] {
  const owner = ownerIdOf(document);
  const hash = receiptHash(document.id);
  return access.filter((o) => o.id !== owner).map((o) => deliveryCell(document, o, index.get(indexKey(o.id, hash))));
}

/** The documents `self` owns in a listing (the study record and receipts are not documents). */
export function ownedDocuments(items: readonly Item[], self: string): Item[] {
  return items.filter((i) => !isReservedItemId(i.id) && ownerIdOf(i) === self);
}

interface ReportInput {
  readonly containerId: string;
  readonly documents: readonly Item[];
  /** Access list by document id as listed. */
  readonly access: ReadonlyMap<string, readonly Organization[]>;
  readonly index: ReceiptIndex;
  readonly nameOf: (item: Item) => string;
  readonly sending: boolean;
}

export function distributionReport(input: ReportInput): DistributionReport {
  const orgs = new Map<string, string>();
  const perDocument = input.documents.map((d) => {
    const cells = documentCells(d, input.access.get(d.id) ?? [], input.index);
    for (const c of cells) orgs.set(c.organizationId, c.organizationName);
    return { d, cells };
  });
  const organizations = [...orgs]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const column = new Map(organizations.map((o, i) => [o.id, i]));
  const rows: ReportRow[] = perDocument.map(({ d, cells }) => {
    const aligned = new Array<DeliveryCell | undefined>(organizations.length).fill(undefined);
    for (const c of cells) aligned[column.get(c.organizationId)!] = c;
    return {
      itemPath: toSlashForm(d.id),
      name: input.nameOf(d),
      updatedAt: d.updatedAt,
      contentHash: d.contentHash,
      cells: aligned,
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name) || a.itemPath.localeCompare(b.itemPath));
  return { containerId: input.containerId, organizations, rows, sending: input.sending };
}
