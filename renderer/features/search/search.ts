// "Find in all studies": main searches what it has listed and decrypted for the active profile.
// While main is still reading headers it answers with the hits so far and `indexing`; the box
// asks again every second until the answer is whole.
import { useQuery } from '@tanstack/react-query';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

const INDEXING_POLL_MS = 1_000;

export function useFindInStudies(profileId: string, query: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.search(profileId, query),
    queryFn: () => call('search.find', { query }),
    enabled: !!profileId && query.length >= 2,
    staleTime: 10_000,
    placeholderData: (previous) => previous,
    refetchInterval: (q) => (q.state.data?.indexing ? INDEXING_POLL_MS : false),
  });
}
