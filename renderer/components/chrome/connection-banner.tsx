// The connection problem in full under the chrome, when there is one (the indicator is terse).
import type { ConnectionStatus } from '../../lib/connection-status.js';

export function ConnectionBanner({ status }: { readonly status: ConnectionStatus }) {
  if (status.level === 'ok' || status.level === 'unknown') return null;
  return (
    <div className={`banner banner-${status.level}`} role="status" data-testid="connection-banner">
      {status.message}
    </div>
  );
}
