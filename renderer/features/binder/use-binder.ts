// The binder's hooks (renderer/data/call.ts's pattern): reads are queries keyed in query-keys.ts,
// writes are mutations whose cache updates live here, so every caller gets them. Fulfilment is
// computed by main (binder.status); what a document is changes with binder.describe, which saves
// it again, so the study's items, the binder and the expiring view are asked again after it.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChecklistItem } from '../../../shared/binder/checklist.js';
import type { DescribeChange, DescribeFields } from '../../../shared/binder/describe-schema.js';
import type { TransferView } from '../../../shared/ipc/views.js';
import { useEffect } from 'react';
import { useApi } from '../../data/api-context.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';
import { mergeTransfers, useStageFile } from '../transfers/transfers.js';
import { AppFailure } from '../../bridge/api.js';

/** What a change in a study's documents or checklist makes stale: its binder and every expiring view. */
function invalidateBinder(client: QueryClient, profileId: string, containerId: string): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: keys.binder(profileId, containerId) }),
    client.invalidateQueries({ queryKey: keys.expiring(profileId) }),
    client.invalidateQueries({ queryKey: keys.studyMarks(profileId) }),
  ]).then(() => undefined);
}

export function useChecklist(profileId: string, containerId: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.checklist(profileId, containerId),
    queryFn: () => call('binder.checklist', { containerId }),
  });
}

export function useChecklistTemplates() {
  const call = useCall();
  return useQuery({
    queryKey: keys.checklistTemplates,
    queryFn: () => call('binder.templates', {}),
    staleTime: Infinity,
  });
}

export function useSetChecklist(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: readonly ChecklistItem[]) => call('binder.setChecklist', { containerId, items: [...items] }),
    onSuccess: async (view) => {
      client.setQueryData(keys.checklist(profileId, containerId), view);
      await invalidateBinder(client, profileId, containerId);
    },
  });
}

export function useBinder(profileId: string, containerId: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.binder(profileId, containerId),
    queryFn: () => call('binder.status', { containerId }),
    // documents arrive without the window doing anything: asked again each time it is shown
    staleTime: 0,
  });
}

export function useBinderCsv(containerId: string) {
  const call = useCall();
  return useMutation({ mutationFn: () => call('binder.statusCsv', { containerId }) });
}

export function useExpiring(profileId: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.expiring(profileId),
    queryFn: () => call('binder.expiring', {}),
    staleTime: 0,
  });
}

/** Studies with expired or overdue items (the studies list's mark); asked again with each refresh. */
export function useStudyMarks(profileId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.studyMarks(profileId ?? ''),
    queryFn: () => call('binder.studyMarks', {}),
    enabled: !!profileId,
  });
}

export function useDescribe(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemPaths, change }: { itemPaths: string[]; change: DescribeChange }) =>
      call('binder.describe', { containerId, itemPaths, ...change }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.items(profileId, containerId) }),
        client.invalidateQueries({
          predicate: (q) =>
            q.queryKey[1] === profileId && q.queryKey[3] === containerId && q.queryKey.includes('details'),
        }),
        invalidateBinder(client, profileId, containerId),
      ]);
    },
  });
}

/**
 * A site's upload against an expected item: the files are handed to main, then uploaded at the
 * study's top, typed as the item expects and granted to the study's owner (main does both,
 * from `expectedItemId`).
 */
export function useUploadExpected(profileId: string, containerId: string) {
  const call = useCall();
  const stage = useStageFile();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      itemId,
      files,
      describe,
    }: {
      itemId: string;
      files: File[];
      describe?: DescribeFields;
    }): Promise<TransferView[]> => {
      const staged = [];
      for (const file of files) {
        const result = await stage(file, file.name);
        if (!result.ok) throw new AppFailure(result.error);
        staged.push({ ref: result.value.ref, relativePath: file.name, conflict: 'keepBoth' as const });
      }
      return call('transfers.upload', {
        containerId,
        folder: '',
        files: staged,
        expectedItemId: itemId,
        ...(describe ? { describe } : {}),
      });
    },
    onSuccess: (started) => {
      client.setQueryData<TransferView[]>(keys.transfers, (list) => mergeTransfers(list, started));
      void invalidateBinder(client, profileId, containerId);
    },
  });
}

/** main's shared refresh found changes in a study: its binder, the expiring view and the marks are asked again. */
export function useFollowBinderChanges(profileId: string | undefined): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    if (!profileId) return;
    return api.on('study.changed', (event) => {
      if (event.changed.length || event.removedPaths.length || event.joined)
        void invalidateBinder(client, profileId, event.containerId);
    });
  }, [api, client, profileId]);
}
