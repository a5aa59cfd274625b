// The profile's studies and each study's collaborators.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { ContainerView, InviteAnswer, StudySaved } from '../../../shared/ipc/views.js';
import { AppFailure } from '../../../shared/app-error.js';
import type { StudyFieldName, StudyFields } from '../../../shared/study-record.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

/** How often a visible window asks again: others invite us, rename a study or grant its title at any time. */
export const STUDIES_REFRESH_MS = 30_000;

export function useContainers(profileId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.containers(profileId ?? ''),
    // newest first as main answers them (containers.list): not ordered again here
    queryFn: async ({ client, queryKey }) => {
      const before = client.getQueryData<ContainerView[]>(queryKey);
      const list = await call('containers.list', {});
      // Find names studies by title: answers cached under the old ones are asked again
      if (before && titlesDiffer(before, list))
        void client.invalidateQueries({ queryKey: keys.everySearch(profileId ?? '') });
      return list;
    },
    enabled: !!profileId,
    // only while the window is visible (refetchIntervalInBackground is off), and on its return
    refetchInterval: STUDIES_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

function titlesDiffer(a: readonly ContainerView[], b: readonly ContainerView[]): boolean {
  const titles = new Map(a.map((c) => [c.id, c.title]));
  return a.length !== b.length || b.some((c) => titles.get(c.id) !== c.title);
}

/**
 * Puts a created study first (none is newer) or an edited one where it was (its creation
 * time is unchanged): the cached list keeps main's order without sorting it again.
 */
export function withStudy(list: readonly ContainerView[] | undefined, study: ContainerView): ContainerView[] {
  if (!list?.some((c) => c.id === study.id)) return [study, ...(list ?? [])];
  return list.map((c) => (c.id === study.id ? study : c));
}

/**
 * "New study": the container and its record. When main made the container but could not save
 * its record (recordProblem), the study is listed (with its fallback title) and the failure
 * shown; the next submit saves the record into that same container rather than making another.
 */
export function useCreateContainer(profileId: string) {
  const call = useCall();
  const client = useQueryClient();
  const unfinished = useRef<string | undefined>(undefined);
  return useMutation({
    mutationFn: async (fields: StudyFields): Promise<StudySaved> => {
      if (unfinished.current) {
        const finished = await call('containers.updateStudy', { containerId: unfinished.current, ...fields });
        unfinished.current = undefined;
        return finished;
      }
      const created = await call('containers.create', fields);
      if (!created.recordProblem) return created;
      unfinished.current = created.id;
      client.setQueryData<ContainerView[]>(keys.containers(profileId), (list) => withStudy(list, created));
      throw new AppFailure({
        ...created.recordProblem,
        message: `The study was created, but its title could not be saved: ${created.recordProblem.message}`,
        explanation: 'Try again: the title is saved into the study just created; no second study is made.',
        retryable: true,
      });
    },
    onSuccess: (created) => {
      client.setQueryData<ContainerView[]>(keys.containers(profileId), (list) => withStudy(list, created));
      void client.invalidateQueries({ queryKey: keys.everySearch(profileId) });
    },
  });
}

/** What "Study details…" sends: the fields, those the user changed, and the record version the form started from. */
export interface StudyEditRequest {
  readonly fields: StudyFields;
  readonly changed: StudyFieldName[];
  /** Absent: save over whatever the record is now ("Overwrite"). */
  readonly base?: string;
}

/** "Study details…": the record edited; the cached list shows the new title at once. */
export function useUpdateStudy(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, changed, base }: StudyEditRequest) =>
      call('containers.updateStudy', { containerId, ...fields, changed, ...(base !== undefined ? { base } : {}) }),
    onSuccess: (updated) => {
      client.setQueryData<ContainerView[]>(keys.containers(profileId), (list) => withStudy(list, updated));
      // Find names the study by its title
      void client.invalidateQueries({ queryKey: keys.everySearch(profileId) });
    },
  });
}

export function useCollaborators(profileId: string, containerId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.collaborators(profileId, containerId ?? ''),
    queryFn: () => call('collaborators.list', { containerId: containerId ?? '' }),
    enabled: !!containerId,
  });
}

/**
 * Invites an organization to the study ('collaborators.add') or removes it; the answer's list
 * replaces the cached one. An invitation answers whether the study's title reached the site.
 */
export function useChangeCollaborators(
  profileId: string,
  containerId: string,
  change: 'collaborators.add' | 'collaborators.remove',
) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (org: Organization): Promise<InviteAnswer> => {
      if (change === 'collaborators.remove')
        return { collaborators: await call(change, { containerId, organizationId: org.id }) };
      return call(change, { containerId, organizationId: org.id });
    },
    onSuccess: (answer) => client.setQueryData(keys.collaborators(profileId, containerId), answer.collaborators),
  });
}
