// The file manager (issue 38 §10): a study's items listed, read, written, renamed, deleted.
// Spread into `operations` in contract.ts; main's handlers are in electron/core/file-manager/.
// A folder exists on the exchange only through the items in it, so New folder's empty folders
// are kept by main, per profile and study (folders.*: electron/core/file-manager/empty-folders.ts).
import { z } from 'zod';
import type { RecordHeader } from '../../types.js';
import {
  emptyFolderKey,
  emptyFolderProblem,
  folderPathProblem,
  MAX_EMPTY_FOLDERS,
} from '../../file-manager/empty-folders.js';
import { container, hexId, id, item, itemPath, items } from '../args.js';
import { answers, op } from '../op.js';
import type { ItemDetails, ItemPage, ItemView } from './file-manager-views.js';
import type { AccessResult } from './sharing-views.js';

/** A folder's path checked by `problemOf` (shared/file-manager/empty-folders.ts), in slash form. */
const folderChecked = (problemOf: (path: string) => string | undefined) =>
  itemPath
    .superRefine((path, check) => {
      const problem = problemOf(path);
      if (problem) check.addIssue({ code: 'custom', message: `This folder cannot be kept: ${problem}.` });
    })
    .transform(emptyFolderKey);
/** One New folder makes (its own name cleaned). */
const emptyFolder = folderChecked(emptyFolderProblem);
/** One kept or above kept ones (the folders above may be another organization's). */
const anyFolder = folderChecked(folderPathProblem);
/** The profile the window shows (main refuses when another is active) and the study. */
const profileStudy = z.strictObject({ profileId: id, containerId: hexId });

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
  /** The study's empty folders kept for the profile (slash form, sorted). */
  'folders.listEmpty': op(profileStudy, answers<string[]>()),
  /** New folder: kept until something is put in it; refused past MAX_EMPTY_FOLDERS. Answers the list. */
  'folders.addEmpty': op(profileStudy.extend({ folderPath: emptyFolder }), answers<string[]>()),
  /**
   * Folders no longer kept, with every kept folder below them: the user removed them, or the
   * window's listing has items in them now. Answers the list.
   */
  'folders.removeEmpty': op(
    profileStudy.extend({ folderPaths: z.array(anyFolder).min(1).max(MAX_EMPTY_FOLDERS) }),
    answers<string[]>(),
  ),
  /** Folders an earlier version kept in the window's storage, handed over once: as many as fit are kept. */
  'folders.adoptEmpty': op(
    profileStudy.extend({ folderPaths: z.array(emptyFolder).min(1).max(MAX_EMPTY_FOLDERS) }),
    answers<string[]>(),
  ),
} as const;
