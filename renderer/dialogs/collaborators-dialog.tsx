// Collaborators wired to the service: collaborators.list/add/remove and organizations.list for
// inviting; the study's cached collaborator list is replaced by each answer.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Organization } from '../../shared/types.js';
import type { AppError } from '../../shared/ipc/views.js';
import { toAppError } from '../bridge/api.js';
import { CollaboratorsView } from '../components/orgs/collaborators-view.js';
import { studyLabel } from '../components/studies/studies-sidebar.js';
import { useOperation, useOperationQuery } from '../data/operations.js';
import { useAppInfo, useCollaborators, useContainers } from '../data/queries.js';
import { keys } from '../data/query-keys.js';
import type { SlotDialogProps } from './slot-dialogs.js';

export function CollaboratorsDialog({ context, onClose }: SlotDialogProps) {
  const client = useQueryClient();
  const { profileId, containerId = '' } = context;
  const appInfo = useAppInfo();
  const containers = useContainers(profileId);
  const container = containers.data?.find((c) => c.id === containerId);
  const collaborators = useCollaborators(profileId, containerId);
  const [query, setQuery] = useState('');
  const prefix = query.trim();
  const directory = useOperationQuery('organizations.list', prefix ? { namePrefix: prefix } : {}, keys.organizations(profileId, prefix), !!container?.ownedByMe);
  const add = useOperation('collaborators.add');
  const remove = useOperation('collaborators.remove');
  const [status, setStatus] = useState<string | undefined>();
  const [actionError, setActionError] = useState<{ context: string; error: AppError } | undefined>();

  const apply = (list: Organization[]): void => {
    client.setQueryData(keys.collaborators(profileId, containerId), list);
  };
  const busy = add.isPending ? 'Inviting…' : remove.isPending ? 'Revoking…' : undefined;

  if (!containerId) {
    return (
      <CollaboratorsView
        studyLabel="no study"
        ownerId=""
        isOwner={false}
        collaborators={[]}
        error={{ code: 'no-study', message: '', details: '', explanation: 'Choose a study first.', retryable: false }}
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
        add.mutate(
          { containerId, organizationId: org.id },
          {
            onSuccess: (list) => {
              apply(list);
              setStatus(`${org.name} was invited.`);
              setQuery('');
            },
            onError: (e) => setActionError({ context: `${org.name} could not be invited.`, error: toAppError(e) }),
          },
        );
      }}
      onRemove={(org) => {
        setActionError(undefined);
        remove.mutate(
          { containerId, organizationId: org.id },
          {
            onSuccess: (list) => {
              apply(list);
              setStatus(`${org.name} no longer collaborates on this study.`);
            },
            onError: (e) => setActionError({ context: `${org.name} could not be revoked.`, error: toAppError(e) }),
          },
        );
      }}
      onClose={onClose}
    />
  );
}
