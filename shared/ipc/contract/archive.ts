// The archive's operations (decisions §11): a whole study exported as a `.zip` an inspector
// checks with sha256sum and openssl. Spread into `operations` in contract.ts; main's handlers
// are in electron/core/archive/.
import { z } from 'zod';
import { hexId } from '../args.js';
import { answers, op } from '../op.js';

/** How far an export is: documents and bytes written, of how many. */
export interface ArchiveProgressView {
  readonly containerId: string;
  readonly documentsDone: number;
  readonly documentsTotal: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
}

/** What went in and what did not (each with the reason). */
export interface ArchiveExportView {
  readonly saved: boolean;
  readonly fileName?: string;
  readonly documents?: number;
  readonly bytes?: number;
  readonly signoffs?: number;
  readonly notIncluded?: readonly { readonly name: string; readonly reason: string }[];
  /** The browser host has no save dialog: the archive is offered once at this address. */
  readonly download?: string;
}

/** At most this many failed checks travel to the window; the counts stay whole. */
export const MAX_FAILED_CHECKS_SHOWN = 1000;
/** A check's line is cut at this length (a zip's entry name may be 64 KiB long). */
export const MAX_CHECK_LINE = 4096;

/**
 * What "Verify an archive…" found: the counts of verify.sh and each failed check with its line
 * as verify.sh prints it. The names come from a file someone else may have written: parsed here,
 * bounded, shown as text.
 */
export const archiveVerifyView = z.strictObject({
  fileName: z.string().max(MAX_CHECK_LINE),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  failures: z
    .array(
      z.strictObject({
        /** Its place among the checks, from 1: the line of verify.sh's output. */
        number: z.number().int().positive(),
        line: z.string().max(MAX_CHECK_LINE),
      }),
    )
    .max(MAX_FAILED_CHECKS_SHOWN),
});
export type ArchiveVerifyView = z.infer<typeof archiveVerifyView>;

export const archiveOperations = {
  /** Export study…: main asks where (its save dialog) and writes the archive; progress comes as `archive.progress`. */
  'archive.export': op(
    z.strictObject({ containerId: hexId, onlyMine: z.boolean().optional() }),
    answers<ArchiveExportView>(),
  ),
  /** Stops the export under way; nothing of it is left. */
  'archive.cancel': op(z.strictObject({}), answers<null>()),
  /** Verify an archive…: the `.zip` the user chose (files.pick, or the page's file staged); main runs the checks of verify.sh. */
  'archive.verify': op(z.strictObject({ file: hexId }), answers<ArchiveVerifyView>()),
};

export interface ArchiveEventPayloads {
  'archive.progress': ArchiveProgressView;
}
