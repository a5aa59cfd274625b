// What an archive says about a study (docs/protocol.md, "A study archive"): the manifest's shape,
// and what the exporter is given for the parts other features own (sign-offs, the checklist,
// the activity log). Plain data: written as manifest.json and read back by the index page.
import type { DeliveryState } from '../../../shared/delivery.js';

export interface ArchivedReceipt {
  readonly organizationId: string;
  readonly organizationName: string;
  /** this: the archived version; earlier: an earlier one; none: not received (yet). */
  readonly state: DeliveryState;
  /** As the receiving site reported it, by its own clock. */
  readonly receivedAt?: string;
  readonly action?: string;
}

/** A sign-off as shown (decisions §10) and the files that let anyone check it. */
export interface ArchivedSignoff {
  /** The record's content as in decisions §10 (statement, signature, certificate thumbprint). */
  readonly record: unknown;
  /** The exact bytes that were signed (RFC 8785 of the statement). */
  readonly statementBytes: Buffer;
  readonly signature: Buffer;
  readonly thumbprint: string;
  /** The signer's certificate (PEM), when the exporter has it. */
  readonly certificatePem?: string;
  readonly signerName: string;
  readonly signerRole?: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly signedAt: string;
  readonly meaning: string;
  readonly comment?: string;
  readonly valid: boolean;
  readonly reason?: string;
  readonly thisVersion: boolean;
}

/** Everything the exporter is told about sign-offs: the sign-off feature answers per document. */
export type SignoffSource = (document: {
  readonly itemPath: string;
  readonly contentHash: string;
}) => Promise<readonly ArchivedSignoff[]>;

/** One cell of the expected-documents status, as the binder computes it. */
export interface ChecklistRow {
  readonly item: string;
  readonly organization: string;
  readonly status: string;
  readonly document?: string;
  readonly date?: string;
}

export interface ChecklistPart {
  /** The checklist record's content, written to records/checklist.json. */
  readonly record: unknown;
  /** The binder as the window and the CLI export it (checklist.csv). */
  readonly csv: string;
  readonly rows: readonly ChecklistRow[];
}

export interface ManifestDocument {
  readonly itemId: string;
  readonly path: string;
  readonly name: string;
  readonly fileName: string;
  readonly docType?: string;
  readonly expiresOn?: string;
  readonly person?: { readonly name: string };
  readonly versionLabel?: string;
  readonly owner: { readonly id: string; readonly name: string };
  readonly updatedAt: string;
  readonly contentHash: string;
  readonly size: number;
  readonly receipts: readonly ArchivedReceipt[];
  readonly signoffs: readonly ManifestSignoff[];
}

export interface ManifestSignoff {
  readonly file: string;
  readonly signerName: string;
  readonly signerRole?: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly signedAt: string;
  readonly meaning: string;
  readonly comment?: string;
  readonly certificate: string;
  readonly valid: boolean;
  readonly reason?: string;
  readonly thisVersion: boolean;
}

/** A document the exporter listed but could not put in, and why: never left out silently. */
export interface LeftOut {
  readonly itemId: string;
  readonly name?: string;
  readonly owner: { readonly id: string; readonly name: string };
  readonly updatedAt: string;
  readonly reason: string;
}

export interface Manifest {
  readonly format: 'study-exchange-archive';
  readonly formatVersion: 'SX.1';
  readonly study: { readonly id: string; readonly title: string; readonly protocolNumber?: string };
  readonly exportedAt: string;
  readonly exportedBy: { readonly organizationId: string; readonly organizationName: string; readonly person?: string };
  readonly exchange: string;
  readonly onlyMine: boolean;
  readonly documents: readonly ManifestDocument[];
  readonly notIncluded: readonly LeftOut[];
  readonly checklist?: readonly ChecklistRow[];
}

export interface ArchiveProgress {
  readonly documentsDone: number;
  readonly documentsTotal: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
}

export interface ArchiveSummary {
  readonly destination: string;
  readonly documents: number;
  readonly bytes: number;
  readonly signoffs: number;
  readonly notIncluded: readonly LeftOut[];
}
