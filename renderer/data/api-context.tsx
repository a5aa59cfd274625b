// The ExchangeApi reaches components through context, never through a global, so components
// can be rendered with any implementation.
import { createContext, useContext, type ReactNode } from 'react';
import type { ExchangeApi } from '../../shared/ipc/contract.js';

const ApiContext = createContext<ExchangeApi | undefined>(undefined);

export function ApiProvider({ api, children }: { readonly api: ExchangeApi; readonly children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ExchangeApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiProvider');
  return api;
}
