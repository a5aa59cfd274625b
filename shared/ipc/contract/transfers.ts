// Transfers: files picked or dropped, uploads and downloads, the transfers panel. Spread into
// `operations` in contract.ts; stageArgs and hostStageArgs are the side channels of a dropped file.
import { z } from 'zod';
import { describeFieldsSchema } from '../../binder/describe-schema.js';
import { folderPath, hexId, id, item, itemPath, none, relativePath } from '../args.js';
import { answers, op } from '../op.js';
import {
  FINISHED_TRANSFER_STATES,
  MAX_FILES_PER_CALL,
  type FileRef,
  type SaveOutcome,
  type TransferView,
} from './transfers-views.js';

const transfer = z.strictObject({ transferId: id });

export const transfersOperations = {
  /** Main's own file dialog (Electron); `purpose` 'key' picks one private key, certificate or PKCS#12 file, 'archive' one study archive (.zip), 'archive-folder' one unpacked archive's folder. */
  'files.pick': op(
    z.strictObject({
      folders: z.boolean().optional(),
      purpose: z.enum(['upload', 'key', 'archive', 'archive-folder']).optional(),
    }),
    answers<FileRef[]>(),
  ),
  /** References the window will not upload after all (conflict skipped, dialog cancelled): main forgets them and deletes staged copies. */
  'files.release': op(z.strictObject({ refs: z.array(hexId).max(MAX_FILES_PER_CALL) }), answers<null>()),
  'transfers.upload': op(
    z.strictObject({
      containerId: hexId,
      folder: folderPath,
      files: z
        .array(
          z.strictObject({
            ref: id,
            relativePath,
            /** A skipped file is not sent: the window releases it ('files.release'). */
            conflict: z.enum(['replace', 'keepBoth']).optional(),
            /** With conflict 'replace': the existing item (ours) that gets the new version. */
            replacePath: itemPath.optional(),
          }),
        )
        .min(1)
        .max(MAX_FILES_PER_CALL),
      /** What every file of this call is (decisions §8): its type, and optionally expiry, person, version label. */
      describe: describeFieldsSchema.optional(),
      /**
       * Uploaded against this expected item of the study's checklist (§9): typed as it expects
       * (unless `describe` says otherwise) and granted to the study's owner.
       */
      expectedItemId: z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/)
        .optional(),
    }),
    answers<TransferView[]>(),
  ),
  /**
   * 'showInFolder': the decrypted copy shown in the file manager, not opened (what a blocked Open offers).
   * `openAnyway`: the user was told the risk of a format that can carry code (shared/open-rule.ts)
   * and chose to open it; without it such an open answers 'confirm' and writes nothing.
   */
  'transfers.download': op(
    item.extend({
      mode: z.enum(['saveAs', 'open', 'dragOut', 'showInFolder']),
      openAnyway: z.literal(true).optional(),
    }),
    answers<SaveOutcome>(),
  ),
  'transfers.list': op(none, answers<TransferView[]>()),
  'transfers.cancel': op(transfer, answers<TransferView>()),
  'transfers.retry': op(transfer, answers<TransferView>()),
  /** Clears one tab of the panel in one call: Completed is ['verified'], Failed is ['failed', 'cancelled']. */
  'transfers.clear': op(
    z.strictObject({ states: z.array(z.enum(FINISHED_TRANSFER_STATES)).min(1).max(FINISHED_TRANSFER_STATES.length) }),
    answers<TransferView[]>(),
  ),
} as const;

export interface TransfersEventPayloads {
  'transfers.changed': TransferView[];
  'transfer.progress': Pick<TransferView, 'id' | 'bytes' | 'total' | 'rate' | 'state'>;
}

/**
 * The side channel for a dropped or picked file in Electron: the preload reads its path where
 * only Electron can, and the door checks the sender and this schema like any operation.
 */
export const stageArgs = z.strictObject({
  path: z.string().min(1).max(4096),
  relativePath,
  size: z.number().int().min(0),
});
export type StageArgs = z.input<typeof stageArgs>;
/**
 * The browser host's staging of a dropped file (PUT /api/stage?name=…&relativePath=…): the page
 * sends the bytes, the host keeps them under this name and passes the copy on as stageArgs.
 */
export const hostStageArgs = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(255)
    .refine((n) => !/[/\\\0]/.test(n), 'a file name has no /, \\ or NUL'),
  relativePath: relativePath.optional(),
});
