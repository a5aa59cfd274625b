// Who has access to items: the access lists, a grantee's preview, and grant / update / revoke /
// share with the study. Every change refreshes everything cached about its items (access, details,
// delivery) and the study's distribution report.
import { useMutation, useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

export function useAccessLists(profileId: string, containerId: string, paths: readonly string[]) {
  const call = useCall();
  return useQueries({
    queries: paths.map((itemPath) => ({
      queryKey: keys.access(profileId, containerId, itemPath),
      queryFn: () => call('access.list', { containerId, itemPath }),
    })),
  });
}

/** The organization's certificate and whether it matches the directory, shown before a grant. */
export function usePreviewGrantee(containerId: string) {
  const call = useCall();
  return useMutation({
    mutationFn: (organizationId: string) => call('access.preview', { containerId, organizationId }),
  });
}

export type AccessChange =
  | {
      readonly change: 'access.grant' | 'access.update' | 'access.revoke';
      readonly itemPaths: string[];
      readonly organizationIds: string[];
    }
  | { readonly change: 'access.shareWithStudy'; readonly itemPaths: string[] };

/** Grants, updates or revokes access for these organizations to these items, or shares them with the whole study. */
export function useChangeAccess(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: AccessChange) =>
      c.change === 'access.shareWithStudy'
        ? call(c.change, { containerId, itemPaths: c.itemPaths })
        : call(c.change, { containerId, itemPaths: c.itemPaths, organizationIds: c.organizationIds }),
    // Partly done is still a change: refresh after failures too.
    onSettled: (_results, _error, { itemPaths }) => invalidateItems(client, profileId, containerId, itemPaths),
  });
}

/** Everything cached about these items, and the study's distribution report, asked again where shown. */
export function invalidateItems(
  client: QueryClient,
  profileId: string,
  containerId: string,
  itemPaths: readonly string[],
): Promise<unknown> {
  return Promise.all([
    ...itemPaths.map((p) => client.invalidateQueries({ queryKey: keys.item(profileId, containerId, p) })),
    client.invalidateQueries({ queryKey: keys.distribution(profileId, containerId) }),
  ]);
}
