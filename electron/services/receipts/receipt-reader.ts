// Reading receipts as a document's owner (docs/protocol.md §7, Receipts): each receipt is fetched and
// decrypted once per version (cached by its hashes), validated, and joined to the owner's
// documents. A receipt that fails any check, or is larger than a record may be (decisions §5:
// 64 KiB, read no further), is ignored, as if it were not there.
import type { DistributionReport, ItemDelivery } from '../../../shared/delivery.js';
import { mapLimit } from '../../../shared/map-limit.js';
import type { Item, Organization } from '../../../shared/types.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { readSmallRecord, unreachable } from '../records/small-record.js';
import type { RecordKeys } from '../transfers/records.js';
import { distributionReport, documentCells, indexReceipts, ownedDocuments } from './distribution.js';
import {
  ownerIdOf,
  parseReceiptPath,
  receiptHash,
  receiptPath,
  validateReceipt,
  type ValidReceipt,
} from './receipt-record.js';

/** Fetches in flight at once, as the window's other lists do. */
const PARALLEL = 8;

export class ReceiptReader {
  private readonly cache = new Map<string, { readonly version: string; readonly receipt: ValidReceipt }>();

  constructor(
    private readonly client: ExchangeClient,
    private readonly keys: Pick<RecordKeys, 'openItemKey'>,
  ) {}

  /** The receipt item as listed, validated (undefined: ignored). Network failures are thrown. */
  async valid(containerId: string, item: Item, options: CallOptions = {}): Promise<ValidReceipt | undefined> {
    const named = parseReceiptPath(item.id);
    if (!named || ownerIdOf(item) !== named.organizationId) return undefined;
    const version = `${item.contentHash}/${item.keyHash}/${item.ownerUrl}`;
    const hit = this.cache.get(item.id);
    if (hit?.version === version) return hit.receipt;
    let receipt: ValidReceipt | undefined;
    try {
      const opened = await readSmallRecord(this.client, this.keys, containerId, item.id, options);
      // the answer with content must be the version listed, by the same owner
      receipt =
        !opened.tooLarge && opened.item.ownerUrl === item.ownerUrl
          ? validateReceipt(opened.item, opened.header, opened.content)
          : undefined;
    } catch (e) {
      if (unreachable(e)) throw e;
      receipt = undefined; // not decryptable, tampered, not for us: not a receipt
    }
    // Only a readable answer is remembered: a site writes its receipt, then grants or re-wraps
    // its key for us, and neither changes the version listed; a failure remembered in between
    // would hide the receipt for good.
    if (receipt) this.cache.set(item.id, { version, receipt });
    return receipt;
  }

  /** Delivery of one document this organization owns, to everyone on its access list. */
  async forItem(
    containerId: string,
    document: Item,
    access: readonly Organization[],
    sending: boolean,
    options: CallOptions = {},
  ): Promise<ItemDelivery> {
    const others = access.filter((o) => o.id !== ownerIdOf(document));
    const found = await mapLimit(others, PARALLEL, async (o) => {
      try {
        return await this.valid(
          containerId,
          await this.client.getItem(containerId, receiptPath(o.id, document.id), options),
          options,
        );
      } catch (e) {
        if (unreachable(e)) throw e;
        return undefined; // none yet, or not shared with us
      }
    });
    const index = indexReceipts(found.filter((r): r is ValidReceipt => r !== undefined));
    return { itemPath: document.id.replace(/\|/g, '/'), cells: documentCells(document, access, index), sending };
  }

  /**
   * Every document this organization owns in the study × every organization with access, from
   * one recursive listing, each document's access list, and the receipts for those documents.
   * `nameOf` names a document, and answers undefined for an item that is not one.
   */
  async report(
    containerId: string,
    nameOf: (item: Item) => string | undefined,
    sending: boolean,
    options: CallOptions = {},
  ): Promise<DistributionReport> {
    const listed = await this.client.listItems(containerId, undefined, { recurse: true, ...options });
    const items = Array.isArray(listed) ? listed : [listed];
    // documents only: records are read in the window and acknowledged by no one
    const names = new Map<string, string>();
    for (const d of ownedDocuments(items, this.client.organizationId)) {
      const name = nameOf(d);
      if (name !== undefined) names.set(d.id, name);
    }
    const documents = items.filter((i) => names.has(i.id));
    const ours = new Set(documents.map((d) => receiptHash(d.id)));
    const receiptItems = items.filter((i) => {
      const named = parseReceiptPath(i.id);
      return named !== undefined && ours.has(named.hash);
    });
    const [lists, receipts] = await Promise.all([
      mapLimit(documents, PARALLEL, (d) => this.client.getItemAccess(containerId, d.id, options)),
      mapLimit(receiptItems, PARALLEL, (r) => this.valid(containerId, r, options)),
    ]);
    const access = new Map(documents.map((d, i) => [d.id, lists[i]!]));
    const index = indexReceipts(receipts.filter((r): r is ValidReceipt => r !== undefined));
    return distributionReport({ containerId, documents, access, index, nameOf: (d) => names.get(d.id)!, sending });
  }
}
