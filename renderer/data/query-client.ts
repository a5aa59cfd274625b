// The window's one QueryClient and its defaults, shared by the entry and the tests that render
// the app's hooks as the app runs them.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Failures are shown with their own Retry; silent automatic retries would hide them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
