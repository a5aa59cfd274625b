// How the renderer reaches main — one way, for every operation:
//  - Every read is a named useQuery hook and every write a named useMutation hook in this folder,
//    grouped by area (profiles, studies, items, transfers, access, directory, activity).
//    Components import those hooks; they never call the ExchangeApi (useApi) themselves.
//  - Query keys come only from query-keys.ts (profile → study → item), so switching profiles
//    never shows another organization's cache, and an invalidation names its prefix there.
//  - A write's cache update (setQueryData / invalidateQueries) lives in the mutation's own
//    definition, so every caller gets it; mutate(…, { onSuccess }) is only for what the screen
//    says (status text, closing a form), never for server data.
//  - Server data stays in the cache; components derive from it instead of copying it into state.
//  - A failed call throws AppFailure with the operation's AppError (bridge/api.ts).
import { useCallback } from 'react';
import type {
  ExchangeApi,
  ExchangeOperations,
  OperationArgs,
  OperationCall,
  OperationName,
  OperationResult,
} from '../../shared/ipc/contract.js';
import { unwrap } from '../bridge/api.js';
import { useApi } from './api-context.js';

/** One operation's answer, or its AppFailure. */
export async function call<N extends OperationName>(
  api: ExchangeApi,
  name: N,
  args: OperationArgs<N>,
): Promise<OperationResult<N>> {
  const operations: ExchangeOperations = api;
  const operation: OperationCall<N> = operations[name];
  return unwrap(await operation(args));
}

/** `call` bound to the app's ExchangeApi, for the hooks of this folder. */
export function useCall(): <N extends OperationName>(name: N, args: OperationArgs<N>) => Promise<OperationResult<N>> {
  const api = useApi();
  return useCallback((name, args) => call(api, name, args), [api]);
}
