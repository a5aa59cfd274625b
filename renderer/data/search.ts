// "Find in all studies": main searches what it has listed and decrypted for the active profile.
import { useQuery } from '@tanstack/react-query';
import { useCall } from './call.js';
import { keys } from './query-keys.js';

export function useFindInStudies(profileId: string, query: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.search(profileId, query),
    queryFn: () => call('search.find', { query }),
    enabled: !!profileId && query.length >= 2,
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}
