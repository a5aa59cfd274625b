// The last guard: an error nothing closer caught says so, with Reload, instead of a blank window.
import type { ReactNode } from 'react';
import { shownText } from '../../../shared/shown-text.js';
import { ErrorBoundary } from './error-boundary.js';

export function AppErrorBoundary({
  children,
  onReload = () => window.location.reload(),
}: {
  readonly children: ReactNode;
  readonly onReload?: () => void;
}) {
  return (
    <ErrorBoundary
      fallback={(error) => (
        <main className="app-crash" data-testid="app-crash">
          <h1>Something went wrong in this window</h1>
          <p>Nothing was changed on the exchange. Reload the window to go on.</p>
          <p className="muted">{shownText(error.message)}</p>
          <button type="button" onClick={onReload}>
            Reload
          </button>
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
