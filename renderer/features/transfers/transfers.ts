// Transfers: the list kept current by main's events, uploads and downloads started, cancel,
// retry, clear; files handed to main (staged, or chosen with the native picker).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { IpcResult, OperationArgs } from '../../../shared/ipc/contract.js';
import {
  MAX_FILES_PER_CALL,
  type FileRef,
  type FinishedTransferState,
  type TransferView,
} from '../../../shared/ipc/views.js';
import { applyProgress } from './transfer-groups.js';
import { useApi } from '../../data/api-context.js';
import { useCall } from '../../data/call.js';
import { refreshSince } from '../file-manager/items.js';
import { keys } from '../../data/query-keys.js';

/** The profile's transfer list, kept current by the `transfers.changed` and `transfer.progress` events. */
export function useTransfers(profileId: string | undefined) {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    const offChanged = api.on('transfers.changed', (list) => {
      const before = new Map((client.getQueryData<TransferView[]>(keys.transfers) ?? []).map((t) => [t.id, t.state]));
      client.setQueryData(keys.transfers, list);
      // A finished upload is a change in its study: fetch just the changes.
      const touched = new Set(
        list
          .filter(
            (t) =>
              t.direction === 'upload' &&
              t.state === 'verified' &&
              before.get(t.id) !== 'verified' &&
              t.profileId === profileId,
          )
          .map((t) => t.containerId),
      );
      if (profileId)
        for (const containerId of touched)
          void refreshSince(api, client, profileId, containerId).catch(() => undefined);
      // and Find's answers may now miss it (main's index is marked stale by the same upload)
      if (profileId && touched.size) void client.invalidateQueries({ queryKey: keys.everySearch(profileId) });
    });
    const offProgress = api.on('transfer.progress', (p) =>
      client.setQueryData<TransferView[]>(keys.transfers, (list) => applyProgress(list, p)),
    );
    return () => {
      offChanged();
      offProgress();
    };
  }, [api, client, profileId]);
  return useTransferList(profileId);
}

/**
 * The profile's transfers as the list holds them, without listening (the panel's useTransfers does).
 * Main sends the active profile's only; the filter hides the last profile's list in the moment
 * between a switch and main's list for the new one.
 */
export function useTransferList(profileId: string | undefined) {
  const call = useCall();
  const ofProfile = useCallback(
    (list: TransferView[]) => list.filter((t) => profileId !== undefined && t.profileId === profileId),
    [profileId],
  );
  return useQuery({ queryKey: keys.transfers, queryFn: () => call('transfers.list', {}), select: ofProfile });
}

/**
 * Adds transfers an answer names that the list does not have yet. Main pushes every state
 * change as an event before it answers, so an answer is never newer than the list: a small
 * upload may already be verified when the call that queued it returns "queued".
 */
export function mergeTransfers(
  list: readonly TransferView[] | undefined,
  answered: readonly TransferView[],
): TransferView[] {
  const known = new Set((list ?? []).map((t) => t.id));
  return [...(list ?? []), ...answered.filter((t) => !known.has(t.id))];
}

export function useTransferAction(action: 'transfers.cancel' | 'transfers.retry') {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transferId: string) => call(action, { transferId }),
    onSuccess: (t) => client.setQueryData<TransferView[]>(keys.transfers, (list) => mergeTransfers(list, [t])),
  });
}

export function useClearTransfers() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (states: FinishedTransferState[]) => call('transfers.clear', { states }),
    onSuccess: (list) => client.setQueryData(keys.transfers, list),
  });
}

/** Starts uploads into a folder of the study; each call's transfers join the list at once. */
export function useStartUploads(containerId: string | undefined) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      folder,
      files,
      describe,
    }: Pick<OperationArgs<'transfers.upload'>, 'folder' | 'files' | 'describe'>) => {
      if (!containerId) return;
      for (let i = 0; i < files.length; i += MAX_FILES_PER_CALL) {
        const started = await call('transfers.upload', {
          containerId,
          folder,
          files: files.slice(i, i + MAX_FILES_PER_CALL),
          ...(describe ? { describe } : {}),
        });
        client.setQueryData<TransferView[]>(keys.transfers, (list) => mergeTransfers(list, started));
      }
    },
  });
}

/** Downloads an item to open, save or drag out; the answer says where it went. */
export function useDownload(containerId: string) {
  const call = useCall();
  return useMutation({
    mutationFn: ({ itemPath, mode, openAnyway }: Omit<OperationArgs<'transfers.download'>, 'containerId'>) =>
      call('transfers.download', { containerId, itemPath, mode, ...(openAnyway ? { openAnyway } : {}) }),
  });
}

/** Hands a dropped File to main (Electron: its path; browser host: its bytes). */
export function useStageFile(): (file: File, relativePath: string) => Promise<IpcResult<FileRef>> {
  const api = useApi();
  return useCallback((file, relativePath) => api.stageFile(file, relativePath), [api]);
}

/** Hands back references the window will not upload after all: main deletes their staged copies (plaintext). */
export function useReleaseFiles(): (refs: readonly string[]) => void {
  const call = useCall();
  return useCallback(
    (refs) => {
      if (refs.length) void call('files.release', { refs: [...refs] }).catch(() => undefined);
    },
    [call],
  );
}

/** The native file picker (Electron): main holds the chosen files and answers with references. */
export function usePickFiles() {
  const call = useCall();
  return useMutation({ mutationFn: (folders: boolean) => call('files.pick', { folders }) });
}
