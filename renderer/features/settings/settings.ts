// The app's facts (how it runs) and its settings, as main keeps them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperationArgs } from '../../../shared/ipc/contract.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';

export function useAppInfo() {
  const call = useCall();
  return useQuery({ queryKey: keys.appInfo, queryFn: () => call('app.info', {}), staleTime: Infinity });
}

export function useSettings() {
  const call = useCall();
  return useQuery({ queryKey: keys.settings, queryFn: () => call('settings.get', {}) });
}

export function useUpdateSettings() {
  const call = useCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: OperationArgs<'settings.update'>) => call('settings.update', patch),
    onSuccess: (next) => client.setQueryData(keys.settings, next),
  });
}
