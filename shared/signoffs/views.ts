// What main answers the window about sign-offs (docs/protocol.md §10): plain data for the
// Sign off… dialog, the details pane, the requests lists, reports and the command-line tool.
import type { AppError } from '../app-error.js';
import type { SignOffMeaning } from './statement.js';

/**
 * How signing is unlocked. 'profile': the key is sealed with the profile's passphrase, asked
 * every time. 'signing': the key is sealed by the system keychain, so a signing passphrase (set
 * at the first sign-off, kept only as a check value) is asked instead; 'signing-unset': none yet,
 * the dialog asks for a new one twice ('signoffs.setPassphrase').
 */
export type SigningUnlock = 'profile' | 'signing' | 'signing-unset';

export interface SignerView {
  /** The printed name and role kept for the profile (absent until first given). */
  readonly name?: string;
  readonly role?: string;
  /** The name was confirmed in this session (11.200): until then signing is refused. */
  readonly confirmedThisSession: boolean;
  readonly unlock: SigningUnlock;
}

export interface SignResult {
  readonly itemPath: string;
  readonly ok: boolean;
  /** The new sign-off record (slash form). */
  readonly signOffPath?: string;
  readonly error?: AppError;
}

/** Why a sign-off is not valid (in the order the reader checks). */
export type SignOffReason =
  /** The record does not parse as §10's, is too large, or a name holds hidden characters or a formula start. */
  | 'malformed'
  /** `organizationId` is not the record's owner or the organization of its path. */
  | 'wrong-organization'
  /** `itemId` does not hash to the record's path, or is not this document. */
  | 'wrong-document'
  /** `containerId` is another study. */
  | 'wrong-study'
  /** No certificate with the named thumbprint is or was the organization's. */
  | 'certificate-not-organizations'
  /** The certificate does not chain to the profile's trust anchors (or was not valid when signed). */
  | 'certificate-untrusted'
  /** The signature does not verify over the statement with that certificate. */
  | 'signature';

export const REASON_WORDS: Readonly<Record<SignOffReason, string>> = {
  malformed: 'not a readable sign-off',
  'wrong-organization': 'not signed by the organization it names',
  'wrong-document': 'wrong document',
  'wrong-study': 'another study',
  'certificate-not-organizations': 'certificate not this organization\u2019s',
  'certificate-untrusted': 'certificate not trusted',
  signature: 'signature does not verify',
};

export interface SignOffView {
  /** The sign-off record's path (slash form). */
  readonly path: string;
  /** As the statement says (cleaned for showing when not valid). */
  readonly signer: { readonly name: string; readonly role?: string };
  /** The record's owner as the exchange reports it, with its directory name. */
  readonly organization: { readonly id: string; readonly name: string };
  /** UTC, ISO 8601 with `Z`: the window shows it with the zone. */
  readonly signedAt: string;
  readonly meaning: SignOffMeaning;
  readonly comment?: string;
  readonly valid: boolean;
  readonly reason?: SignOffReason;
  /** Its contentHash is the document's current one ("this version"), else "an earlier version". */
  readonly thisVersion: boolean;
  readonly contentHash: string;
}

export interface RequestedOrganization {
  readonly id: string;
  readonly name: string;
  /** A valid sign-off of the document's current version with the request's meaning. */
  readonly answered: boolean;
  readonly signedAt?: string;
}

/** A request as its owner sees it: who answered, who has not, whether it is overdue. */
export interface SignOffRequestView {
  readonly path: string;
  readonly containerId: string;
  readonly itemPath: string;
  readonly meaning: SignOffMeaning;
  /** When the request record was written (the exchange's updatedAt). */
  readonly requestedAt: string;
  readonly dueOn?: string;
  readonly message?: string;
  readonly organizations: readonly RequestedOrganization[];
  /** Every organization asked answered for the current version. */
  readonly answered: boolean;
  /** Not answered and dueOn has passed. */
  readonly overdue: boolean;
  /** The document was replaced since the request: it asks again, of the current version. */
  readonly reopened: boolean;
}

/** A request asked of this organization ("Sign-offs requested"). */
export interface RequestedView {
  readonly path: string;
  readonly containerId: string;
  readonly studyTitle: string;
  readonly itemPath: string;
  /** The document's cleaned name (its header), or its path while it cannot be read. */
  readonly documentName: string;
  readonly from: { readonly id: string; readonly name: string };
  readonly meaning: SignOffMeaning;
  readonly requestedAt: string;
  readonly dueOn?: string;
  readonly message?: string;
  /** This organization has a valid sign-off of the current version with that meaning. */
  readonly answered: boolean;
  readonly overdue: boolean;
  readonly reopened: boolean;
}
