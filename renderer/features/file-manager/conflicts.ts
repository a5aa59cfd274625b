// Name conflicts on upload. Documents live at `folder/<generated id>` with their file name in the
// (encrypted) header, so a conflict is a file whose name is already used by a document in the
// folder it would land in (or by an item whose last segment is that name). The user answers
// replace (a new version of the existing item: only for items we own) / keep both / skip, and
// "apply to all" answers the rest the same way.
import { itemBaseName, joinItemPath, parentItemPath, toSlashForm } from '../../../shared/item-path.js';

export type ConflictChoice = 'replace' | 'keepBoth' | 'skip';

export interface PlannedFile {
  readonly ref: string;
  readonly relativePath: string;
}

export interface ExistingDocument {
  /** Slash form. */
  readonly path: string;
  /** From the decrypted header; '' when unknown. */
  readonly fileName: string;
  readonly ownedByMe: boolean;
}

export interface Conflict {
  readonly file: PlannedFile;
  readonly existing: ExistingDocument;
}

export interface ConflictPlan {
  /** Files whose name is free: uploaded as they are. */
  readonly clear: PlannedFile[];
  /** Files that need an answer, in order. */
  readonly conflicts: Conflict[];
}

/** The folder a file lands in: the drop target plus the folders of its relative path. */
function landingFolder(folder: string, relativePath: string): string {
  return joinItemPath(folder, parentItemPath(relativePath));
}

/** Every landing folder of a set of files (to load their documents' headers first). */
export function landingFolders(folder: string, files: readonly { relativePath: string }[]): string[] {
  return [...new Set(files.map((f) => landingFolder(folder, f.relativePath)))];
}

const slot = (folder: string, name: string): string => `${toSlashForm(folder)}\n${name}`;

export function planConflicts(
  folder: string,
  files: readonly PlannedFile[],
  existing: readonly ExistingDocument[],
): ConflictPlan {
  const taken = new Map<string, ExistingDocument>();
  for (const doc of existing) {
    const parent = parentItemPath(doc.path);
    if (!taken.has(slot(parent, itemBaseName(doc.path)))) taken.set(slot(parent, itemBaseName(doc.path)), doc);
    if (doc.fileName) {
      // Prefer one we own, so "replace" can apply.
      const key = slot(parent, doc.fileName);
      const current = taken.get(key);
      if (!current || (!current.ownedByMe && doc.ownedByMe)) taken.set(key, doc);
    }
  }
  const clear: PlannedFile[] = [];
  const conflicts: Conflict[] = [];
  for (const file of files) {
    const hit = taken.get(slot(landingFolder(folder, file.relativePath), itemBaseName(file.relativePath)));
    if (hit) conflicts.push({ file, existing: hit });
    else clear.push(file);
  }
  return { clear, conflicts };
}

export interface ConflictState {
  readonly pending: Conflict[];
  readonly answered: { conflict: Conflict; choice: ConflictChoice }[];
}

export function startConflicts(plan: ConflictPlan): ConflictState {
  return { pending: plan.conflicts, answered: [] };
}

/** Only the owner can save a new version; "replace" on someone else's item keeps both instead. */
function effectiveChoice(conflict: Conflict, choice: ConflictChoice): ConflictChoice {
  return choice === 'replace' && !conflict.existing.ownedByMe ? 'keepBoth' : choice;
}

/** Answers the first pending conflict, or all of them with `applyToAll`. */
export function answerConflict(state: ConflictState, choice: ConflictChoice, applyToAll: boolean): ConflictState {
  const [first, ...rest] = state.pending;
  if (!first) return state;
  const now = applyToAll ? state.pending : [first];
  return {
    pending: applyToAll ? [] : rest,
    answered: [...state.answered, ...now.map((conflict) => ({ conflict, choice: effectiveChoice(conflict, choice) }))],
  };
}

export interface UploadFile {
  readonly ref: string;
  readonly relativePath: string;
  /** Skipped files are not uploaded, so never sent with 'skip'. */
  readonly conflict?: Exclude<ConflictChoice, 'skip'>;
  readonly replacePath?: string;
}

/** The upload request's file list: clear files plus answered conflicts (skips dropped). */
export function uploadList(plan: ConflictPlan, state: ConflictState): UploadFile[] {
  return [
    ...plan.clear.map((f) => ({ ref: f.ref, relativePath: f.relativePath })),
    ...state.answered.flatMap(({ conflict, choice }) =>
      choice === 'skip'
        ? []
        : [
            {
              ref: conflict.file.ref,
              relativePath: conflict.file.relativePath,
              conflict: choice,
              ...(choice === 'replace' ? { replacePath: conflict.existing.path } : {}),
            },
          ],
    ),
  ];
}
