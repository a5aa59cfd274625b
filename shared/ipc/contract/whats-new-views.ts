// What main shows of changes and what is New (shared/ipc/views.ts re-exports it).
import type { SignOffMeaning } from '../../signoffs/meanings.js';
import type { ItemView } from './file-manager-views.js';

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
  /**
   * 'signoff-requested': another organization asks this one to sign off the document at `itemPath`;
   * 'signoff-answered': an organization this one asked signed off that document (`by…`, `meaning`).
   */
  readonly kind: 'added' | 'changed' | 'gone' | 'signoff-requested' | 'signoff-answered';
  /** A sign-off request's due day (YYYY-MM-DD), when it has one. */
  readonly dueOn?: string;
  /** An answer's meaning (what the organization signed off). */
  readonly meaning?: SignOffMeaning;
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
