// Structured records (JSON content, e.g. type "study"): small, so sealed and opened whole.
import type { Item, ItemWritePayload, RecordHeader } from '../../../shared/types.js';
import { HEADER_VERSION } from '../../../shared/types.js';
import {
  newItemKey,
  openContent,
  openHeader,
  sealItem,
  type ItemFields,
  type ItemKey,
  type PublicKeyInput,
} from '../../../shared/protocol/envelope.js';
import type { CallOptions, ExchangeClient, SaveItemResult } from '../exchange-client.js';
import { MAX_REQUEST_BYTES } from '../../../shared/limits.js';
import { describeLimit } from '../../../shared/upload-limit.js';
import { UploadError } from './upload-body.js';

/** What records need of the key vault (a KeyHandle fits). */
export interface RecordKeys {
  openItemKey(item: ItemFields): ItemKey;
  /** This organization's certificate: new items' keys are wrapped for it. */
  readonly certificate: { readonly publicKey: PublicKeyInput } | undefined;
}

interface RecordInput {
  /** `type` plus any other header fields; `version` defaults to IRBX.2. */
  readonly header: { readonly type: string; readonly version?: string; readonly [field: string]: unknown };
  /** JSON-serializable content, or raw bytes. */
  readonly content: unknown;
}

interface OpenedRecord {
  readonly item: Item;
  readonly header: RecordHeader;
  /** Parsed JSON for structured types; for a `document` (or unparseable content) undefined. */
  readonly content: unknown;
  readonly bytes: Buffer;
}

function sealRecord(
  record: RecordInput,
  keys: Pick<RecordKeys, 'certificate'>,
  itemKey: ItemKey = newItemKey(),
): ItemWritePayload {
  if (!keys.certificate) throw new Error('This profile has no certificate yet, so it cannot encrypt items.');
  const header: RecordHeader = {
    ...record.header,
    version: record.header.version ?? HEADER_VERSION,
    type: record.header.type,
  };
  const bytes = Buffer.isBuffer(record.content) ? record.content : Buffer.from(JSON.stringify(record.content), 'utf8');
  return sealItem({ header, content: bytes, itemKey }, keys.certificate.publicKey);
}

/** PUT at `path` (created or replaced, safe to retry). */
export async function writeRecord(
  client: ExchangeClient,
  keys: RecordKeys,
  containerId: string,
  path: string,
  record: RecordInput,
  options: CallOptions = {},
): Promise<SaveItemResult> {
  const payload = sealRecord(record, keys);
  const size = Buffer.byteLength(JSON.stringify(payload));
  if (size > MAX_REQUEST_BYTES) throw new UploadError('too-large', `The record is too large: ${describeLimit()}.`);
  return client.saveItem(containerId, path, payload, options);
}

/** POST under `folder`: the service names the record (never retried, so never duplicated). */
export async function addRecord(
  client: ExchangeClient,
  keys: RecordKeys,
  containerId: string,
  folder: string,
  record: RecordInput,
  options: CallOptions = {},
): Promise<Item> {
  return client.addItem(containerId, folder, sealRecord(record, keys), options);
}

/** Reads, decrypts and verifies an item whole (any type). */
export async function readRecord(
  client: ExchangeClient,
  keys: Pick<RecordKeys, 'openItemKey'>,
  containerId: string,
  path: string,
  options: CallOptions = {},
): Promise<OpenedRecord> {
  const item = await client.getItemContent(containerId, path, options);
  const k = keys.openItemKey(item);
  const header = openHeader(item, k);
  const bytes = openContent(item, k);
  let content: unknown;
  if (header.type !== 'document') {
    try {
      content = JSON.parse(bytes.toString('utf8'));
    } catch {
      content = undefined;
    }
  }
  const { content: _omit, ...rest } = item;
  return { item: rest as Item, header, content, bytes };
}
