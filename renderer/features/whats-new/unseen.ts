// What is New: main keeps, per profile, what other organizations added or changed that the user
// has not seen (the user's own items are never New: main decides). The window shows it as marks,
// clears it by opening or "Mark as seen", and lists it in Changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OperationArgs } from '../../../shared/ipc/contract.js';
import type { UnseenView } from '../../../shared/ipc/views.js';
import { useApi } from '../../data/api-context.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

/** What is New in the profile's studies, kept current by main's `changes.unseen` event. */
export function useUnseen(profileId: string | undefined) {
  const api = useApi();
  const call = useCall();
  const client = useQueryClient();
  useEffect(() => {
    if (!profileId) return;
    return api.on('changes.unseen', (view) => {
      client.setQueryData(keys.unseen(profileId), view);
      // the Changes lists say which entries are still New
      void client.invalidateQueries({ queryKey: keys.everyChanges(profileId) });
    });
  }, [api, client, profileId]);
  return useQuery({
    queryKey: keys.unseen(profileId ?? ''),
    queryFn: async () => {
      const view = await call('changes.unseen', {});
      // A Changes list read before this answer may predate it (main's event of that refresh can come
      // before the window listens): read the lists again, so the New they show is this one.
      void client.invalidateQueries({ queryKey: keys.everyChanges(profileId ?? '') });
      return view;
    },
    enabled: !!profileId,
    staleTime: Infinity,
  });
}

/** One study's New items (slash paths) and every folder holding one, at any depth ('' the study's root). */
export interface StudyUnseen {
  readonly paths: ReadonlySet<string>;
  readonly folders: ReadonlySet<string>;
}

const NOTHING_NEW: StudyUnseen = { paths: new Set(), folders: new Set() };

export function studyUnseen(view: UnseenView | undefined, containerId: string): StudyUnseen {
  const list = view?.byStudy[containerId];
  if (!list?.length) return NOTHING_NEW;
  const folders = new Set<string>();
  for (const path of list) {
    const parts = path.split('/');
    for (let i = 0; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return { paths: new Set(list), folders };
}

/** How many items are New in each study, and in all. */
export function unseenCount(view: UnseenView | undefined, containerId?: string): number {
  if (!view) return 0;
  if (containerId !== undefined) return view.byStudy[containerId]?.length ?? 0;
  return Object.values(view.byStudy).reduce((n, paths) => n + paths.length, 0);
}

/** Opening a row, or "Mark as seen" on a study or folder; main answers what is New now. */
export function useMarkSeen(profileId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: OperationArgs<'changes.markSeen'>) => call('changes.markSeen', args),
    onSuccess: (view) => {
      client.setQueryData(keys.unseen(profileId), view);
      void client.invalidateQueries({ queryKey: keys.everyChanges(profileId) });
    },
  });
}

/** "Changes": newest first, across all studies (containerId undefined) or one; current while shown. */
export function useChanges(profileId: string, containerId: string | undefined) {
  const api = useApi();
  const call = useCall();
  const client = useQueryClient();
  // a refresh that found something may have added entries (a changed New set is followed by useUnseen)
  useEffect(
    () => api.on('study.changed', () => void client.invalidateQueries({ queryKey: keys.everyChanges(profileId) })),
    [api, client, profileId],
  );
  return useQuery({
    queryKey: keys.changes(profileId, containerId ?? ''),
    queryFn: () => call('changes.list', containerId ? { containerId } : {}),
    staleTime: 0,
  });
}

/** Tells main whether the window is shown: its shared refresh pauses while no window is. */
export function useWindowVisibility(): void {
  const call = useCall();
  useEffect(() => {
    const tell = (): void => void call('changes.setVisible', { visible: !document.hidden }).catch(() => undefined);
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [call]);
}
