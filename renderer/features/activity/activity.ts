// The app's activity log: filtered reads and the CSV export.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

/** Entries of one action ('' for all) containing the text ('' for any). */
export function useActivity(action: string, text: string) {
  const call = useCall();
  return useQuery({
    queryKey: keys.activity(action, text),
    queryFn: () => call('activity.list', { ...(action ? { action } : {}), ...(text ? { text } : {}) }),
  });
}

export function useExportActivity() {
  const call = useCall();
  return useMutation({ mutationFn: () => call('activity.exportCsv', {}) });
}
