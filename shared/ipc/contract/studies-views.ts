// What main shows of studies and their records (shared/ipc/views.ts re-exports it).
import type { AppError } from '../../app-error.js';
import type { Container, Organization } from '../../types.js';
import type { StudyFields } from '../../study-record.js';

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
