// File-manager basics (issue 38 §10). Spread into `operations` in contract.ts; main's handlers
// are in electron/core/file-manager/. New folder needs no operation: a folder exists on the
// exchange only through the items in it, so an empty one lives in the window.
import { z } from 'zod';
import { MAX_ITEM_PATH_LENGTH } from '../../item-path.js';
import type { ItemView } from '../views.js';
import { answers, op } from '../op.js';

const hexId = z.string().regex(/^[0-9a-f]{32}$/);

export const fileManagerOperations = {
  /**
   * Renames a document the profile owns: its header (name and file name) is saved again with the
   * same content at the same path, so its contentHash, receipts and sign-offs stay valid.
   */
  'items.rename': op(
    z.strictObject({
      containerId: hexId,
      itemPath: z.string().min(1).max(MAX_ITEM_PATH_LENGTH),
      name: z.string().min(1).max(1000),
    }),
    answers<ItemView>(),
  ),
} as const;
