// Generic hooks over one contract operation, for the dialogs of issue 7: a query (reads) and a
// mutation (writes), both failing with the operation's AppError (see bridge/api.ts).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { IpcResult, OperationArgs, OperationName, OperationResult } from '../../shared/ipc/contract.js';
import { unwrap } from '../bridge/api.js';
import { useApi } from './api-context.js';

type Call<N extends OperationName> = (args: OperationArgs<N>) => Promise<IpcResult<OperationResult<N>>>;

export function useOperation<N extends OperationName>(name: N) {
  const api = useApi();
  return useMutation<OperationResult<N>, Error, OperationArgs<N>>({
    mutationFn: async (args) => unwrap(await (api[name] as unknown as Call<N>)(args)),
  });
}

export function useOperationQuery<N extends OperationName>(name: N, args: OperationArgs<N>, key: readonly unknown[], enabled = true) {
  const api = useApi();
  return useQuery<OperationResult<N>, Error>({
    queryKey: key,
    queryFn: async () => unwrap(await (api[name] as unknown as Call<N>)(args)),
    enabled,
  });
}
