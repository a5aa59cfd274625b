// Organization names by id for one study's rows and details: its owner, its collaborators and
// the active profile's own organization.
import { useMemo } from 'react';
import type { ContainerView, ProfileView } from '../../../shared/ipc/views.js';
import { useCollaborators } from '../studies/studies.js';

export function useStudyNames(profile: ProfileView, container: ContainerView): ReadonlyMap<string, string> {
  const collaborators = useCollaborators(profile.id, container.id);
  return useMemo(() => {
    const map = new Map<string, string>([[container.ownerId, container.ownerName]]);
    for (const org of collaborators.data ?? []) map.set(org.id, org.name);
    map.set(profile.organizationId, profile.organizationName);
    return map;
  }, [collaborators.data, container, profile]);
}
