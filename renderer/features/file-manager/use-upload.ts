// The upload flow: refuse too-large files before any work, hand each file to main (stageFile),
// ask about name conflicts, then start the transfers and put them in the transfers cache.
import { useCallback, useRef, useState } from 'react';
import type { DescribeFields } from '../../../shared/binder/describe-schema.js';
import type { AppError, FileRef } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { useFolderDocuments } from './items.js';
import { usePickFiles, useReleaseFiles, useStageFile, useStartUploads } from '../transfers/transfers.js';
import {
  answerConflict,
  landingFolders,
  planConflicts,
  startConflicts,
  uploadList,
  type ConflictChoice,
  type ConflictPlan,
  type ConflictState,
  type ExistingDocument,
  type PlannedFile,
  type UploadFile,
} from './conflicts.js';
import type { DroppedFile } from '../../lib/drop-walk.js';
import { checkSizes } from './upload-limit.js';

interface UploadProblem {
  readonly context: string;
  readonly error: AppError;
  readonly retry?: () => void;
  /** Files handed to main that Retry would upload: released when the problem is dismissed instead. */
  readonly held?: readonly string[];
}

interface Pending {
  readonly folder: string;
  readonly describe?: DescribeFields;
  readonly plan: ConflictPlan;
  readonly state: ConflictState;
}

export function useUpload(profileId: string, containerId: string | undefined) {
  const { mutateAsync: startUploads } = useStartUploads(containerId);
  const existingIn = useFolderDocuments(profileId, containerId);
  const stageFile = useStageFile();
  const { mutateAsync: pickFiles } = usePickFiles();
  const release = useReleaseFiles();
  const [busy, setBusy] = useState<string | undefined>();
  const [refused, setRefused] = useState<string[]>([]);
  const [problem, setProblem] = useState<UploadProblem | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const pendingRef = useRef<Pending | undefined>(undefined);
  pendingRef.current = pending;

  const submit = useCallback(
    async (folder: string, files: UploadFile[], describe?: DescribeFields): Promise<void> => {
      if (!containerId || files.length === 0) return;
      const run = async (): Promise<void> => {
        setBusy('Starting uploads…');
        setProblem(undefined);
        try {
          await startUploads({ folder, files, describe });
        } catch (e) {
          setProblem({
            context: 'The uploads could not be started.',
            error: toAppError(e),
            retry: () => void run(),
            held: files.map((f) => f.ref),
          });
        } finally {
          setBusy(undefined);
        }
      };
      await run();
    },
    [startUploads, containerId],
  );

  const proceed = useCallback(
    async (folder: string, staged: PlannedFile[], describe?: DescribeFields): Promise<void> => {
      if (staged.length === 0) return;
      setBusy('Checking for files with the same name…');
      let existing: ExistingDocument[];
      try {
        existing = await existingIn(landingFolders(folder, staged));
      } catch (e) {
        // Names that could not be read are not "no conflict": nothing uploads until the check can be made.
        setProblem({
          context: 'The folder could not be checked for files with the same name.',
          error: toAppError(e),
          retry: () => {
            setProblem(undefined);
            void proceedRef.current(folder, staged, describe);
          },
          held: staged.map((f) => f.ref),
        });
        return;
      } finally {
        setBusy(undefined);
      }
      const plan = planConflicts(folder, staged, existing);
      if (plan.conflicts.length === 0) {
        await submit(folder, uploadList(plan, startConflicts(plan)), describe);
        return;
      }
      setPending({ folder, describe, plan, state: startConflicts(plan) });
    },
    [existingIn, submit],
  );
  const proceedRef = useRef(proceed);
  proceedRef.current = proceed;

  /** Files from a drop or an <input type=file>; `describe` says what every one of them is (§8). */
  const uploadFiles = useCallback(
    async (files: DroppedFile[], folder: string, describe?: DescribeFields): Promise<void> => {
      const { accepted, refused: tooLarge } = checkSizes(
        files.map((f) => ({ name: f.relativePath, size: f.file.size, dropped: f })),
      );
      setRefused(tooLarge.map((r) => r.message));
      setProblem(undefined);
      if (accepted.length === 0) return;
      const staged: PlannedFile[] = [];
      const failed: DroppedFile[] = [];
      let lastError: AppError | undefined;
      for (const [i, { dropped }] of accepted.entries()) {
        setBusy(`Preparing ${i + 1} of ${accepted.length}: ${dropped.relativePath}`);
        const result = await stageFile(dropped.file, dropped.relativePath);
        if (result.ok) staged.push({ ref: result.value.ref, relativePath: dropped.relativePath });
        else {
          failed.push(dropped);
          lastError = result.error;
        }
      }
      setBusy(undefined);
      if (lastError) {
        setProblem({
          context: `${failed.length} file${failed.length === 1 ? '' : 's'} could not be prepared for upload (${failed
            .map((f) => f.relativePath)
            .slice(0, 3)
            .join(', ')}${failed.length > 3 ? ', …' : ''}).`,
          error: lastError,
          retry: () => void uploadFilesRef.current?.(failed, folder, describe),
        });
      }
      await proceed(folder, staged, describe);
    },
    [stageFile, proceed],
  );
  const uploadFilesRef = useRef(uploadFiles);
  uploadFilesRef.current = uploadFiles;

  /** Files chosen with the native picker (Electron): main already holds them. */
  const uploadRefs = useCallback(
    async (refs: readonly FileRef[], folder: string, describe?: DescribeFields): Promise<void> => {
      const { accepted, refused: tooLarge } = checkSizes(refs);
      setRefused(tooLarge.map((r) => r.message));
      await proceed(
        folder,
        accepted.map((r) => ({ ref: r.ref, relativePath: r.name })),
        describe,
      );
    },
    [proceed],
  );

  /** `describeFirst` asks what the chosen files are: fields, undefined (as they are) or null (cancelled). */
  const pickNative = useCallback(
    async (
      folders: boolean,
      folder: string,
      describeFirst?: (names: string[]) => Promise<DescribeFields | undefined | null>,
    ): Promise<void> => {
      let refs: FileRef[];
      try {
        refs = await pickFiles(folders);
      } catch (e) {
        setProblem({ context: 'The files could not be chosen.', error: toAppError(e) });
        return;
      }
      if (!refs.length) return;
      const describe = describeFirst ? await describeFirst(refs.map((r) => r.name)) : undefined;
      // cancelled: main let go of what it holds for them
      if (describe === null) release(refs.map((r) => r.ref));
      else await uploadRefs(refs, folder, describe);
    },
    [pickFiles, uploadRefs, release],
  );

  const answer = useCallback(
    (choice: ConflictChoice, applyToAll: boolean): void => {
      const current = pendingRef.current;
      if (!current) return;
      const state = answerConflict(current.state, choice, applyToAll);
      if (state.pending.length > 0) {
        setPending({ ...current, state });
        return;
      }
      setPending(undefined);
      release(state.answered.filter((a) => a.choice === 'skip').map((a) => a.conflict.file.ref));
      void submit(current.folder, uploadList(current.plan, state), current.describe);
    },
    [submit, release],
  );

  const first = pending?.state.pending[0];
  return {
    busy,
    refused,
    problem,
    dismiss: () => {
      setRefused([]);
      release(problem?.held ?? []);
      setProblem(undefined);
    },
    conflict: first ? { conflict: first, remaining: (pending?.state.pending.length ?? 1) - 1 } : undefined,
    answer,
    cancelConflicts: () => {
      const plan = pendingRef.current?.plan;
      if (plan) release([...plan.clear, ...plan.conflicts.map((c) => c.file)].map((f) => f.ref));
      setPending(undefined);
    },
    uploadFiles,
    pickNative,
  };
}
