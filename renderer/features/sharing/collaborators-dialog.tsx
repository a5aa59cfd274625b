// Collaborators wired to the service: collaborators.list/add/remove and organizations.list for
// inviting (features/studies/studies.ts replaces the cached list with each answer).
import { useState } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import { appError } from '../../../shared/app-error.js';
import { toAppError } from '../../bridge/api.js';
import { CollaboratorsView } from './collaborators-view.js';
import { studyLabel } from '../studies/studies-sidebar.js';
import { useOrganizations } from '../profiles/directory.js';
import { useAppInfo } from '../settings/settings.js';
import { useChangeCollaborators, useCollaborators, useContainers } from '../studies/studies.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';

export function CollaboratorsDialog({ context, onClose }: SlotDialogProps) {
  const { profileId, containerId = '' } = context;
  const appInfo = useAppInfo();
  const containers = useContainers(profileId);
  const container = containers.data?.find((c) => c.id === containerId);
  const collaborators = useCollaborators(profileId, containerId);
  const [query, setQuery] = useState('');
  const prefix = query.trim();
  const directory = useOrganizations(profileId, prefix, !!container?.ownedByMe);
  const add = useChangeCollaborators(profileId, containerId, 'collaborators.add');
  const remove = useChangeCollaborators(profileId, containerId, 'collaborators.remove');
  const [status, setStatus] = useState<string | undefined>();
  const [actionError, setActionError] = useState<{ context: string; error: AppError } | undefined>();

  const busy = add.isPending ? 'Inviting…' : remove.isPending ? 'Revoking…' : undefined;

  if (!containerId) {
    return (
      <CollaboratorsView
        studyLabel="no study"
        ownerId=""
        isOwner={false}
        collaborators={[]}
        error={appError('no-study', '', 'Choose a study first.')}
        query=""
        onQuery={() => {}}
        directory={[]}
        onInvite={() => {}}
        onRemove={() => {}}
        onClose={onClose}
      />
    );
  }
  return (
    <CollaboratorsView
      studyLabel={container ? studyLabel(container) : 'this study'}
      ownerId={container?.ownerId ?? ''}
      isOwner={!!container?.ownedByMe}
      collaborators={collaborators.data ?? []}
      loading={collaborators.isPending}
      error={collaborators.error ? toAppError(collaborators.error) : undefined}
      query={query}
      onQuery={setQuery}
      directory={directory.data ?? []}
      directoryLoading={directory.isPending && directory.fetchStatus !== 'idle'}
      directoryError={directory.error ? toAppError(directory.error) : undefined}
      busy={busy}
      status={status}
      actionError={actionError}
      platform={appInfo.data?.platform}
      onInvite={(org) => {
        setActionError(undefined);
        add.mutate(org, {
          onSuccess: ({ titleProblem }) => {
            // invited all the same; said here, not only in the activity log
            setStatus(titleProblem ? `${org.name} was invited. ${titleProblem}` : `${org.name} was invited.`);
            setQuery('');
          },
          onError: (e) => setActionError({ context: `${org.name} could not be invited.`, error: toAppError(e) }),
        });
      }}
      onRemove={(org) => {
        setActionError(undefined);
        remove.mutate(org, {
          onSuccess: () => setStatus(`${org.name} no longer collaborates on this study.`),
          onError: (e) => setActionError({ context: `${org.name} could not be revoked.`, error: toAppError(e) }),
        });
      }}
      onClose={onClose}
    />
  );
}
