// A receipt's path, record and validation (docs/protocol.md §7, Receipts). What another organization
// wrote is hostile: a receipt counts only when its owner as the server reports it is the
// organization named in its path, its itemId hashes to its path, and it decrypts and parses.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MAX_ITEM_PATH_LENGTH, toSlashForm } from '../../../shared/item-path.js';
import { RECEIPTS_FOLDER } from '../../../shared/reserved-paths.js';
import type { Item } from '../../../shared/types.js';

export const RECEIPT_VERSION = 'SX.1';
export const RECEIPT_HEADER = { type: 'receipt', version: RECEIPT_VERSION, name: 'Receipt' } as const;
export const RECEIPT_ACTIONS = ['opened', 'saved', 'downloaded'] as const;
export type ReceiptAction = (typeof RECEIPT_ACTIONS)[number];

const hex32 = /^[0-9a-f]{32}$/;

const receiptSchema = z.looseObject({
  type: z.literal('receipt'),
  version: z.literal(RECEIPT_VERSION),
  itemId: z.string().min(1).max(MAX_ITEM_PATH_LENGTH),
  contentHash: z.string().regex(/^[0-9a-fA-F]{64}$/),
  itemUpdatedAt: z.string().max(64),
  receivedAt: z.iso.datetime({ offset: true }),
  action: z.enum(RECEIPT_ACTIONS),
});
export type ReceiptContent = z.output<typeof receiptSchema>;

/** The first 32 hex characters of SHA-256 of the item id in slash form. */
export function receiptHash(itemId: string): string {
  return createHash('sha256').update(toSlashForm(itemId), 'utf8').digest('hex').slice(0, 32);
}

/** Where `organizationId` keeps its receipt for the document `itemId` (slash form). */
export function receiptPath(organizationId: string, itemId: string): string {
  return `${RECEIPTS_FOLDER}/${organizationId}/${receiptHash(itemId)}`;
}

/** The receiver and hash a receipt's id names, or undefined for anything else under receipts/. */
export function parseReceiptPath(id: string): { readonly organizationId: string; readonly hash: string } | undefined {
  const [folder, organizationId, hash, ...rest] = toSlashForm(id).split('/');
  if (folder !== RECEIPTS_FOLDER || rest.length > 0 || !organizationId || !hash) return undefined;
  return hex32.test(organizationId) && hex32.test(hash) ? { organizationId, hash } : undefined;
}

export function ownerIdOf(item: Pick<Item, 'ownerUrl'>): string {
  return item.ownerUrl.split('/').filter(Boolean).pop() ?? '';
}

/** A receipt as a reader may trust it: the receiver (from the server) and what it says. */
export interface ValidReceipt {
  readonly receiverId: string;
  readonly content: ReceiptContent;
}

/**
 * The receipt when it passes every check, else undefined (ignored, never shown): the item's
 * owner is the organization in its path, its header and content parse, and its itemId hashes
 * to its path.
 */
export function validateReceipt(
  item: Pick<Item, 'id' | 'ownerUrl'>,
  header: { readonly type?: unknown } | undefined,
  content: unknown,
): ValidReceipt | undefined {
  const named = parseReceiptPath(item.id);
  if (!named || ownerIdOf(item) !== named.organizationId) return undefined;
  if (header?.type !== 'receipt') return undefined;
  const parsed = receiptSchema.safeParse(content);
  if (!parsed.success) return undefined;
  if (receiptHash(parsed.data.itemId) !== named.hash) return undefined;
  return {
    receiverId: named.organizationId,
    content: {
      ...parsed.data,
      itemId: toSlashForm(parsed.data.itemId),
      contentHash: parsed.data.contentHash.toLowerCase(),
    },
  };
}
