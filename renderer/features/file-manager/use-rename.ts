// Rename through main ('items.rename'); the list and the details are fetched again after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

export function useRename(profileId: string, containerId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemPath, name }: { itemPath: string; name: string }) =>
      call('items.rename', { containerId, itemPath, name }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.items(profileId, containerId) }),
        client.invalidateQueries({
          predicate: (q) =>
            q.queryKey[1] === profileId && q.queryKey[3] === containerId && q.queryKey.includes('details'),
        }),
        client.invalidateQueries({ queryKey: keys.everySearch(profileId) }),
      ]);
    },
  });
}
