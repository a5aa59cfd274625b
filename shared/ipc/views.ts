// What the main process shows the renderer: plain data, never keys, passphrases or plaintext
// item keys. Every IPC result and event is built from these types.
import type { Container, Item, Organization, RecordHeader } from '../types.js';
import type { StudyFields } from '../study-record.js';
import type { SearchHit } from '../search-rank.js';
import type { DocumentFields } from '../binder/header-fields.js';
import type { ExpiryWarningDays } from '../binder/views.js';

export const ENVIRONMENTS = ['production', 'test', 'sandbox', 'other'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export type Role = 'sirb' | 'psite' | 'admin';

export interface CertificateView {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  readonly thumbprint: string;
  readonly keyBits: number;
}

export interface ProfileView {
  readonly id: string;
  readonly name: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly roles: readonly Role[];
  readonly certificate: CertificateView;
  readonly active: boolean;
  /** How many trust anchors (consortium CA certificates) the profile holds; the sandbox's come with it. */
  readonly trustAnchorCount?: number;
  /** Whether the current key is in a backup made since it became current. */
  readonly backedUp?: boolean;
  /** Keys kept from before a renewal, for reading what is still wrapped for them. */
  readonly readingKeyCount?: number;
  /** The current key, then the reading keys, each with its certificate (where the listing knows them). */
  readonly keys?: readonly KeyView[];
}

/** One of a profile's keys as the window shows it: never the key, only its certificate. */
export interface KeyView {
  readonly role: 'current' | 'reading';
  /** Absent when the certificate was not recorded with the key. */
  readonly certificate?: CertificateView;
}

/** An organization the profile shares with that now has another certificate in the directory. */
export interface CertificateChangeView {
  readonly organizationId: string;
  readonly name: string;
  readonly oldThumbprint: string;
  /** The directory's certificate now (absent when it could not be read). */
  readonly certificate?: CertificateView & { readonly expired: boolean };
  /** Why it may not receive keys (chain, RSA size, validity); absent when it passes. */
  readonly problem?: string;
  /** The profile's own items whose grants still hold keys for the old certificate, and their studies. */
  readonly grantCount: number;
  readonly studyCount: number;
  /** While the directory's certificate is not the accepted (pinned) one: both, for the user to decide. */
  readonly decision?: CertificateDecisionView;
}

/** A certificate as a decision shows it beside the other (SHA-256 hex: shown in groups of four). */
export interface ComparedCertificateView {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  readonly sha256: string;
  /** Whether it names the organization in a SAN (urn:study-exchange:org:<id>). */
  readonly namesOrganization: boolean;
}

export interface CertificateDecisionView {
  readonly accepted: ComparedCertificateView;
  readonly offered: ComparedCertificateView;
  /** How the accepted one was compared out of band, when it was ("compared by phone with …"). */
  readonly verifiedNote?: string;
}

/** A collaborator's certificate that expires within 30 days or has expired (grants to it are refused then). */
export interface ExpiringCertificateView {
  readonly organizationId: string;
  readonly name: string;
  readonly validTo: string;
  readonly expired: boolean;
}

export interface ContainerView extends Container {
  readonly ownerName: string;
  readonly ownedByMe: boolean;
  /** The study record's title, or "Study <8 hex>" while no readable record exists (protocol.md §7). */
  readonly title: string;
  /** The record's known fields, when it could be read (what "Study details…" edits). */
  readonly study?: StudyFields;
  /** The record's version (its content hash) those fields come from: an edit names it to learn whether someone saved meanwhile. */
  readonly studyVersion?: string;
}

/** containers.create / containers.updateStudy: the study as saved, and what did not go through. */
export interface StudySaved extends ContainerView {
  /**
   * "New study" only: the study was created but its record could not be saved (it shows the
   * fallback title). containers.updateStudy with its id finishes it; no second study is made.
   */
  readonly recordProblem?: AppError;
  /** Saved, but not shared with these collaborators, in words ("not shared with X because: …"). */
  readonly notShared?: string;
}

/** collaborators.add: the new list, and why the invited site cannot see the study's title yet. */
export interface InviteAnswer {
  readonly collaborators: Organization[];
  readonly titleProblem?: string;
}

/**
 * Wire fields the window has no use for: the sealed header and the wrapped key (main opens
 * them), the URLs (derived from the ids), and the IV and algorithm names (main decrypts and
 * verifies). Left out, a 100,000-item listing crosses IPC at well under half the size.
 */
type MainOnlyField =
  | 'header'
  | 'key'
  | 'url'
  | 'contentUrl'
  | 'containerUrl'
  | 'permissionsUrl'
  | 'ownerUrl'
  | 'iv'
  | 'algorithm'
  | 'headerHashAlgorithm'
  | 'contentHashAlgorithm'
  | 'keyHashAlgorithm';

/** An item's metadata as listed, with its decrypted header summary when main has it. */
export interface ItemView extends Omit<Item, MainOnlyField> {
  /** Slash form of the id. */
  readonly path: string;
  readonly ownerId: string;
  readonly ownedByMe: boolean;
  readonly decryptedHeader?: RecordHeader;
  /** Why the header could not be read, when it could not. */
  readonly headerProblem?: string;
  /** How many organizations besides the owner have access, when main has counted. */
  readonly accessCount?: number;
  /** A document's binder fields (decisions §8: type, expiry, person, version label), checked when its header was read. */
  readonly fields?: DocumentFields;
}

/** Part of a study's listing as it streams in (items.listNext); `done` on the last one. */
export interface ItemPage {
  readonly items: ItemView[];
  readonly done: boolean;
}

/**
 * One entry of "Changes": what another organization added or changed, or what a whole listing no
 * longer has (revoked or deleted: "no longer available"). Never the profile's own actions.
 */
export interface ChangeView {
  readonly containerId: string;
  readonly studyTitle: string;
  /** Slash form. */
  readonly itemPath: string;
  /** The cleaned shown name (never raw header text). */
  readonly name: string;
  /** 'signoff-requested': another organization asks this one to sign off the document at `itemPath`. */
  readonly kind: 'added' | 'changed' | 'gone' | 'signoff-requested';
  /** A sign-off request's due day (YYYY-MM-DD), when it has one. */
  readonly dueOn?: string;
  /** The item's owner (absent for "gone" when it was not known). */
  readonly byId?: string;
  readonly byName?: string;
  /** The item's updatedAt, or when the app noticed it gone. */
  readonly at: string;
  /** Still unseen by the user (a "New" mark); "gone" entries are never New. */
  readonly unseen: boolean;
}

/** What is New (unseen) in the profile's studies: a count per study, the paths per study. */
export interface UnseenView {
  /** Studies with at least one unseen item: containerId → unseen item paths (slash form). */
  readonly byStudy: Readonly<Record<string, readonly string[]>>;
}

/** A refresh of one study found something: the file list merges it instead of listing again. */
export interface StudyChangedEvent {
  readonly containerId: string;
  /** Items added or changed (by anyone, own items included), with headers opened when main could. */
  readonly changed: ItemView[];
  /** Items a whole listing no longer has. */
  readonly removedPaths: string[];
  /** The study is newly visible to this profile (shared with us): listed as a whole, nothing New. */
  readonly joined?: boolean;
}

/** "Find in all studies": the best hits among what main has read so far. */
export interface SearchAnswer {
  readonly hits: SearchHit[];
  /**
   * While main is still opening the studies' headers: how many items it has read of those
   * listed so far (the hits cover only those). Absent once every item is read.
   */
  readonly indexing?: { readonly opened: number; readonly total: number };
}

export interface ItemDetails {
  readonly item: ItemView;
  readonly access: readonly Organization[];
}

type TransferDirection = 'upload' | 'download';
export const TRANSFER_STATES = ['queued', 'running', 'paused', 'verified', 'failed', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
/** The states a transfer ends in; the panel's Failed and Completed tabs are cleared by these. */
export const FINISHED_TRANSFER_STATES = ['verified', 'failed', 'cancelled'] as const satisfies readonly TransferState[];
export type FinishedTransferState = (typeof FINISHED_TRANSFER_STATES)[number];
export const isFinished = (state: TransferState): state is FinishedTransferState =>
  (FINISHED_TRANSFER_STATES as readonly TransferState[]).includes(state);
/** Most files one 'transfers.upload' (or 'files.release') call carries; the window sends more in several calls. */
export const MAX_FILES_PER_CALL = 10_000;

export interface TransferView {
  readonly id: string;
  readonly direction: TransferDirection;
  readonly profileId: string;
  readonly containerId: string;
  readonly itemPath: string;
  readonly fileName: string;
  readonly state: TransferState;
  readonly bytes: number;
  readonly total: number;
  /** Bytes per second over the last few seconds. */
  readonly rate: number;
  readonly error?: AppError;
  /** A verified upload whose step after (sharing it with the study's owner) failed: stored, but not shared. */
  readonly warning?: AppError;
  /** Running, but waiting for a busy exchange before it sends again (not a network failure). */
  readonly waiting?: boolean;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

export interface AccessResult {
  readonly itemPath: string;
  readonly organizationId: string;
  readonly ok: boolean;
  readonly error?: AppError;
}

export interface GranteePreview {
  readonly organization: Organization;
  readonly certificate?: CertificateView;
  /** False when the certificate's thumbprint differs from the directory's: granting is blocked. */
  readonly thumbprintMatches: boolean;
  readonly problem?: string;
}

export interface ConnectionCheck {
  readonly ping: CheckResult;
  readonly site: CheckResult;
  readonly sirb: CheckResult;
  /** Seconds this computer's clock is ahead (+) or behind (-) the exchange, when known. */
  readonly clockSkewSeconds?: number;
}

export interface CheckResult {
  readonly ok: boolean;
  readonly error?: AppError;
}

export type ActivityAction =
  | 'upload'
  | 'download'
  | 'grant'
  | 'update'
  | 'revoke'
  | 'rekey'
  | 'delete'
  | 'invite'
  | 'uninvite'
  | 'create-study'
  | 'edit-study'
  | 'admin'
  | 'export-study'
  | 'signoff';

export interface ActivityEntry {
  readonly time: string;
  readonly profile: string;
  readonly action: ActivityAction;
  readonly ok: boolean;
  readonly study?: string;
  readonly item?: string;
  readonly organization?: string;
  readonly detail?: string;
}

export interface Settings {
  readonly theme: 'light' | 'dark' | 'system';
  readonly transferConcurrency: number;
  /** Per profile; pSite profiles default to true. */
  readonly shareUploadsWithOwner: Readonly<Record<string, boolean>>;
  /** Desktop notifications when documents from other organizations arrive (off until turned on). */
  readonly notifications: boolean;
  /** Notifications show only the count, no study or document names (shared screens). */
  readonly notificationsHideNames: boolean;
  /** Days before an expiry that a document counts as expiring (30, 60 or 90). */
  readonly expiryWarningDays: ExpiryWarningDays;
}

export interface AppInfo {
  readonly version: string;
  readonly platform: string;
  readonly host: 'electron' | 'browser';
  /** Native dialogs and drag-out exist only in Electron; the browser host downloads instead. */
  readonly nativeFiles: boolean;
  readonly sandbox: boolean;
}

/** A failure as the renderer sees it: the service's words plus plain ones. */
export interface AppError {
  /** Service code (protocol.md §5), or a client code such as 'network', 'hash-mismatch', 'invalid-argument'. */
  readonly code: number | string;
  readonly message: string;
  readonly details: string;
  /** Plain words for a coordinator. */
  readonly explanation: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly retryable: boolean;
}

/** A file the user chose (picker or drop); main only accepts references it issued. */
export interface FileRef {
  readonly ref: string;
  readonly name: string;
  readonly size: number;
}

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'opened'; readonly path: string }
  | { readonly kind: 'shown'; readonly path: string }
  | { readonly kind: 'download'; readonly url: string }
  | { readonly kind: 'cancelled' }
  /** Open or drag-out refused by the open rule (shared/open-rule.ts): nothing was written. */
  | { readonly kind: 'blocked'; readonly fileName: string; readonly realType: string; readonly reason: string }
  /** Open of a format that can carry code, not confirmed (no `openAnyway`): nothing was written; ask, then call again. */
  | { readonly kind: 'confirm'; readonly fileName: string; readonly realType: string; readonly risk: string };
