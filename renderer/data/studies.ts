// The profile's studies and each study's collaborators.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '../../shared/types.js';
import type { ContainerView, InviteAnswer } from '../../shared/ipc/views.js';
import type { StudyFields } from '../../shared/study-record.js';
import { useCall } from './call.js';
import { keys } from './query-keys.js';

export function useContainers(profileId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.containers(profileId ?? ''),
    // newest first as main answers them (containers.list): not ordered again here
    queryFn: () => call('containers.list', {}),
    enabled: !!profileId,
  });
}

/**
 * Puts a created study first (none is newer) or an edited one where it was (its creation
 * time is unchanged): the cached list keeps main's order without sorting it again.
 */
export function withStudy(list: readonly ContainerView[] | undefined, study: ContainerView): ContainerView[] {
  if (!list?.some((c) => c.id === study.id)) return [study, ...(list ?? [])];
  return list.map((c) => (c.id === study.id ? study : c));
}

/** "New study": the container and its record (decisions §6). */
export function useCreateContainer(profileId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: StudyFields) => call('containers.create', fields),
    onSuccess: (created) => client.setQueryData<ContainerView[]>(keys.containers(profileId), (list) => withStudy(list, created)),
  });
}

/** "Study details…": the record edited; the cached list shows the new title at once. */
export function useUpdateStudy(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: StudyFields) => call('containers.updateStudy', { containerId, ...fields }),
    onSuccess: (updated) => client.setQueryData<ContainerView[]>(keys.containers(profileId), (list) => withStudy(list, updated)),
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
export function useChangeCollaborators(profileId: string, containerId: string, change: 'collaborators.add' | 'collaborators.remove') {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (org: Organization): Promise<InviteAnswer> => {
      if (change === 'collaborators.remove') return { collaborators: await call(change, { containerId, organizationId: org.id }) };
      return call(change, { containerId, organizationId: org.id });
    },
    onSuccess: (answer) => client.setQueryData(keys.collaborators(profileId, containerId), answer.collaborators),
  });
}
