// What main answers the binder's operations with (shared/ipc/contract/binder.ts): plain data
// the window, the CLI and reports show as they are. Names are already cleaned by main.
import type { AppError } from '../app-error.js';
import type { ChecklistItem } from './checklist.js';

/** §9's statuses, in the order they are decided (the first that holds is the status). */
export const FULFILMENT_STATUSES = [
  'missing',
  'overdue',
  'expired',
  'needs-expiry',
  'expiring',
  'signed-off',
  'received',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The warning periods a user may choose in Preferences (days before an expiry that it is "expiring"). */
export const EXPIRY_WARNING_DAYS = [30, 60, 90] as const;
export type ExpiryWarningDays = (typeof EXPIRY_WARNING_DAYS)[number];
export const DEFAULT_EXPIRY_WARNING_DAYS: ExpiryWarningDays = 30;

/** The document that counts for a cell. */
export interface CellDocument {
  /** Slash form. */
  readonly path: string;
  /** The cleaned shown name. */
  readonly name: string;
  readonly expiresOn?: string;
  /** The header has an expiresOn that is not a date: shown as "unreadable date". */
  readonly expiresOnUnreadable?: true;
  readonly updatedAt: string;
  readonly person?: { readonly name: string };
  readonly contentHash?: string;
}

/** One expected item × one organization (× one person, for a perPerson item with documents). */
export interface BinderCell {
  readonly itemId: string;
  readonly organizationId: string;
  readonly status: FulfilmentStatus;
  readonly document?: CellDocument;
  /** The item's due date (missing and overdue cells say by when). */
  readonly dueOn?: string;
  /** Days from today to the document's expiry (negative once expired), when it has one. */
  readonly daysLeft?: number;
}

/**
 * Counts over a row (an organization) or a column (an expected item), one per item and
 * organization: a perPerson item counts with the worst of its people's statuses.
 */
export interface BinderSummary {
  /** organizationId for a row, itemId for a column. */
  readonly key: string;
  /** Cells of required items. */
  readonly expected: number;
  /** Of those, the ones that count as in: received, signed off or expiring (still valid). */
  readonly fulfilled: number;
  /** Every cell (required or not) by status. */
  readonly counts: Readonly<Record<FulfilmentStatus, number>>;
}

export interface BinderOrganization {
  readonly id: string;
  readonly name: string;
  readonly isOwner: boolean;
}

/** binder.status: the computed binder of one study, as this profile sees it (§9). */
export interface BinderView {
  readonly containerId: string;
  /** The profile is the study's owner (every site's row) or a site (its own row only). */
  readonly ownedByMe: boolean;
  /** The calendar day the statuses were computed for, in the user's time zone. */
  readonly today: string;
  readonly warningDays: ExpiryWarningDays;
  /** Rows: each site for the owner (and the owner itself where an item expects it), only itself for a site. */
  readonly organizations: BinderOrganization[];
  /** Columns. */
  readonly items: ChecklistItem[];
  readonly cells: BinderCell[];
  readonly organizationSummaries: BinderSummary[];
  readonly itemSummaries: BinderSummary[];
  /** What was wrong with the checklist (it is shown safely). */
  readonly problems: string[];
}

/** binder.checklist: the study's expected documents. */
export interface ChecklistView {
  readonly containerId: string;
  /** No checklist saved yet (the owner starts from a template). */
  readonly exists: boolean;
  readonly items: ChecklistItem[];
  /** This profile owns the study and may edit it. */
  readonly canEdit: boolean;
  /** What was wrong when it was read (a hostile or malformed record), shown beside it. */
  readonly problems: string[];
  readonly updatedAt?: string;
}

export interface ChecklistTemplate {
  readonly id: 'sirb-reliance' | 'site-regulatory';
  readonly name: string;
  readonly items: ChecklistItem[];
}

/** binder.describe: one item's outcome. */
export interface DescribeResult {
  readonly itemPath: string;
  readonly ok: boolean;
  readonly error?: AppError;
}

/** binder.expiring: a document in any study that expires within the warning period or has expired. */
export interface ExpiringDocument {
  readonly containerId: string;
  readonly studyTitle: string;
  /** Slash form. */
  readonly path: string;
  readonly name: string;
  readonly docType?: string;
  /** The vocabulary's name for docType (the code as given when unknown). */
  readonly typeName?: string;
  readonly person?: { readonly name: string };
  readonly ownerId: string;
  readonly ownerName: string;
  readonly ownedByMe: boolean;
  readonly expiresOn: string;
  /** Negative once expired; 0 on its last day. */
  readonly daysLeft: number;
  readonly expired: boolean;
}

export interface ExpiringView {
  readonly today: string;
  readonly withinDays: number;
  /** Soonest first (expired before expiring). */
  readonly documents: ExpiringDocument[];
  /** Studies not listed yet by the shared refresh (their documents are not included). */
  readonly pendingStudies: number;
}

/** binder.studyMarks: a study with something expired or overdue in its binder (the studies list's mark). */
export interface StudyMark {
  readonly containerId: string;
  /** Expired documents (of any organization this profile sees). */
  readonly expired: number;
  /** Overdue expected items (missing past their due date). */
  readonly overdue: number;
}
