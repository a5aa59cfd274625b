// Receipts (docs/protocol.md §7, Receipts): a document's delivery in the details pane, the
// study's distribution report, and whether the active profile sends receipts itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

/** Who with access received this version of a document the profile owns (refetched when it changes). */
export function useDelivery(profileId: string, containerId: string, itemPath: string | undefined, version: string) {
  const call = useCall();
  return useQuery({
    queryKey: [...keys.delivery(profileId, containerId, itemPath ?? ''), version],
    queryFn: () => call('receipts.forItem', { containerId, itemPath: itemPath! }),
    enabled: itemPath !== undefined,
    // receipts arrive without the document changing: asked again each time it is selected
    staleTime: 0,
  });
}

export function useDistributionReport(profileId: string, containerId: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.distribution(profileId, containerId),
    queryFn: () => call('receipts.report', { containerId }),
    staleTime: 0,
  });
}

/** Asked only while there is an active profile: main answers "no profile" otherwise. */
export function useReceiptSending(profileId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: keys.receiptSending(profileId ?? ''),
    queryFn: () => call('receipts.setSending', {}),
    enabled: !!profileId,
  });
}

export function useSetReceiptSending(profileId: string) {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sending: boolean) => call('receipts.setSending', { sending }),
    onSuccess: (answer) => client.setQueryData(keys.receiptSending(profileId), answer),
    // the details and the report say whether receipts are sent
    onSettled: () =>
      client.invalidateQueries({
        predicate: (q) =>
          q.queryKey[1] === profileId && (q.queryKey.includes('delivery') || q.queryKey.includes('distribution')),
      }),
  });
}
