// Name conflicts on upload: a file whose item path (target folder + relative path) already exists
// asks replace (a new version) / keep both / skip; "apply to all" answers the rest the same way.
import { joinItemPath, toSlashForm } from '../../shared/item-path.js';

export type ConflictChoice = 'replace' | 'keepBoth' | 'skip';

export interface PlannedFile {
  readonly ref: string;
  readonly relativePath: string;
}

export interface ConflictPlan {
  /** Files whose path is free: uploaded as they are. */
  readonly clear: PlannedFile[];
  /** Files that need an answer, in order. */
  readonly conflicts: PlannedFile[];
}

export function targetPath(folder: string, relativePath: string): string {
  return joinItemPath(folder, relativePath);
}

export function planConflicts(folder: string, files: readonly PlannedFile[], existingPaths: Iterable<string>): ConflictPlan {
  const existing = new Set<string>();
  for (const p of existingPaths) existing.add(toSlashForm(p));
  const clear: PlannedFile[] = [];
  const conflicts: PlannedFile[] = [];
  for (const file of files) (existing.has(targetPath(folder, file.relativePath)) ? conflicts : clear).push(file);
  return { clear, conflicts };
}

export interface ConflictState {
  readonly pending: PlannedFile[];
  readonly answered: { file: PlannedFile; choice: ConflictChoice }[];
}

export function startConflicts(plan: ConflictPlan): ConflictState {
  return { pending: plan.conflicts, answered: [] };
}

/** Answers the first pending conflict, or all of them with `applyToAll`. */
export function answerConflict(state: ConflictState, choice: ConflictChoice, applyToAll: boolean): ConflictState {
  const [first, ...rest] = state.pending;
  if (!first) return state;
  const now = applyToAll ? state.pending : [first];
  return {
    pending: applyToAll ? [] : rest,
    answered: [...state.answered, ...now.map((file) => ({ file, choice }))],
  };
}

/** The upload request's file list: clear files plus answered conflicts (skips dropped). */
export function uploadList(plan: ConflictPlan, state: ConflictState): { ref: string; relativePath: string; conflict?: ConflictChoice }[] {
  return [
    ...plan.clear.map((f) => ({ ref: f.ref, relativePath: f.relativePath })),
    ...state.answered.filter((a) => a.choice !== 'skip').map((a) => ({ ref: a.file.ref, relativePath: a.file.relativePath, conflict: a.choice })),
  ];
}
