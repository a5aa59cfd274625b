// The archive's operations (decisions §11): a whole study exported as a `.zip` an inspector
// checks with sha256sum and openssl. Spread into `operations` in contract.ts; main's handlers
// are in electron/core/archive/.
import { z } from 'zod';
import { answers, op } from '../op.js';

const hexId = z.string().regex(/^[0-9a-f]{32}$/);

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

export const archiveOperations = {
  /** Export study…: main asks where (its save dialog) and writes the archive; progress comes as `archive.progress`. */
  'archive.export': op(
    z.strictObject({ containerId: hexId, onlyMine: z.boolean().optional() }),
    answers<ArchiveExportView>(),
  ),
  /** Stops the export under way; nothing of it is left. */
  'archive.cancel': op(z.strictObject({}), answers<null>()),
};

export interface ArchiveEventPayloads {
  'archive.progress': ArchiveProgressView;
}
