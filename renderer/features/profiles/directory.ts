// The exchange's organization directory, and an administrator's changes to it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperationArgs } from '../../../shared/ipc/contract.js';
import type { Organization } from '../../../shared/types.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

/** Organizations whose name starts with the prefix (all of them for ''). */
export function useOrganizations(profileId: string, prefix: string, enabled = true) {
  const call = useCall();
  return useQuery({
    queryKey: keys.organizations(profileId, prefix),
    queryFn: () => call('organizations.list', prefix ? { namePrefix: prefix } : {}),
    enabled,
  });
}

export function useOrganization(profileId: string, organizationId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.organization(profileId, organizationId ?? ''),
    queryFn: () => call('organizations.get', { organizationId: organizationId ?? '' }),
    enabled: !!organizationId,
  });
}

/** After any administrator's change: every directory search and that organization are stale. */
function useDirectoryChanged(profileId: string): (org: Organization) => Promise<unknown> {
  const client = useQueryClient();
  return (org) =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.directory(profileId) }),
      client.invalidateQueries({ queryKey: keys.organization(profileId, org.id) }),
    ]);
}

export function useCreateOrganization(profileId: string) {
  const call = useCall();
  const changed = useDirectoryChanged(profileId);
  return useMutation({
    mutationFn: (args: OperationArgs<'admin.createOrganization'>) => call('admin.createOrganization', args),
    onSuccess: changed,
  });
}

export function useUpdateOrganization(profileId: string) {
  const call = useCall();
  const changed = useDirectoryChanged(profileId);
  return useMutation({
    mutationFn: (args: OperationArgs<'admin.updateOrganization'>) => call('admin.updateOrganization', args),
    onSuccess: changed,
  });
}

export function usePutCertificate(profileId: string) {
  const call = useCall();
  const changed = useDirectoryChanged(profileId);
  return useMutation({
    mutationFn: (args: OperationArgs<'admin.putCertificate'>) => call('admin.putCertificate', args),
    onSuccess: changed,
  });
}
