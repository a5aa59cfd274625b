// Entry: one QueryClient, the chosen ExchangeApi, and the app.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { getExchangeApi } from './bridge/api.js';
import { AppErrorBoundary } from './components/common/app-error-boundary.js';
import { ApiProvider } from './data/api-context.js';
import { createQueryClient } from './data/query-client.js';
import { applyTheme } from './theme/use-theme.js';
import './styles/layout.css';
import './styles/dialog-content.css';
import './features/search/find-box.css';
import './features/whats-new/whats-new.css';

const queryClient = createQueryClient();

// Light until settings arrive, so the first paint already has colours.
applyTheme(document.documentElement, window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={getExchangeApi()}>
            <App />
          </ApiProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
  );
}
