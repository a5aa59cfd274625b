// The file manager (issue 38 §10): a study's items listed, read, written, renamed, deleted.
// Spread into `operations` in contract.ts; main's handlers are in electron/core/file-manager/.
// New folder needs no operation: a folder exists on the exchange only through the items in
// it, so an empty one lives in the window.
import { z } from 'zod';
import type { RecordHeader } from '../../types.js';
import { container, hexId, item, itemPath, items } from '../args.js';
import { answers, op } from '../op.js';
import type { ItemDetails, ItemPage, ItemView } from './file-manager-views.js';
import type { AccessResult } from './sharing-views.js';

export const fileManagerOperations = {
  'items.list': op(container.extend({ since: z.string().max(64).optional() }), answers<ItemView[]>()),
  /** The same listing in pages as it streams in: start it, then ask items.listNext until `done`. */
  'items.listOpen': op(container.extend({ since: z.string().max(64).optional() }), answers<{ listingId: string }>()),
  'items.listNext': op(z.strictObject({ listingId: hexId }), answers<ItemPage>()),
  /** The window stopped wanting it (study closed, reloaded): main closes the answer and drops what it kept. */
  'items.listClose': op(z.strictObject({ listingId: hexId }), answers<null>()),
  'items.headers': op(items(500), answers<ItemView[]>()),
  'items.details': op(item, answers<ItemDetails>()),
  'items.readRecord': op(item, answers<{ header: RecordHeader; content: unknown }>()),
  'items.writeRecord': op(
    item.extend({
      header: z.looseObject({ type: z.string().min(1).max(100), version: z.string().min(1).max(50) }),
      content: z.unknown(),
    }),
    answers<ItemView>(),
  ),
  'items.delete': op(items(10_000), answers<AccessResult[]>()),
  'items.rekey': op(item, answers<AccessResult[]>()),
  /**
   * Renames a document the profile owns: its header (name and file name) is saved again with the
   * same content at the same path, so its contentHash, receipts and sign-offs stay valid.
   */
  'items.rename': op(
    z.strictObject({
      containerId: hexId,
      itemPath,
      name: z.string().min(1).max(1000),
    }),
    answers<ItemView>(),
  ),
} as const;
