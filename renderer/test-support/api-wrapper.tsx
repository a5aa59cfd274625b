// The providers a data hook needs in a test: the window's api (a fake the test writes) and a
// query client the test holds, to read or settle its cache.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ExchangeApi } from '../../shared/ipc/contract.js';
import { ApiProvider } from '../data/api-context.js';

/** A `wrapper` for renderHook/render: `api` and `client` around the children. */
export function apiWrapper(api: ExchangeApi, client: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <ApiProvider api={api}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ApiProvider>
    );
  };
}
