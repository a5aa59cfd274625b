// The connection indicator's words: one plain sentence for the worst problem found by the three
// checks (ping, ping/site, ping/sirb) and the clock comparison.
import type { AppError, ConnectionCheck } from '../../shared/ipc/views.js';
import { formatSkew } from './format.js';

type Level = 'ok' | 'warning' | 'error' | 'unknown';

export interface ConnectionStatus {
  readonly level: Level;
  readonly label: string;
  readonly message: string;
}

/** The service refuses signed requests more than three minutes off. */
const SKEW_LIMIT_SECONDS = 180;

/** A network error's explanation already says the exchange was not reached: say it once. */
function offlineMessage(error: AppError | undefined): string {
  if (!error) return 'The exchange cannot be reached. Check the network connection.';
  return error.code === 'network' ? error.explanation : `The exchange cannot be reached. ${error.explanation}`;
}

export function connectionStatus(check: ConnectionCheck | undefined, isSirb: boolean): ConnectionStatus {
  if (!check) return { level: 'unknown', label: 'Checking…', message: 'Checking the connection to the exchange.' };
  const skew = check.clockSkewSeconds;
  if (!check.ping.ok) return { level: 'error', label: 'Offline', message: offlineMessage(check.ping.error) };
  if (skew !== undefined && Math.abs(skew) > SKEW_LIMIT_SECONDS) {
    return {
      level: 'error',
      label: 'Clock is off',
      message: `This computer's clock is ${formatSkew(skew)} compared with the exchange; requests more than 3 minutes off are refused. Correct the system clock.`,
    };
  }
  if (!check.site.ok) {
    return {
      level: 'error',
      label: 'Not signed in',
      message: `The exchange did not accept this organization's key. ${check.site.error?.explanation ?? 'Check that the certificate is registered for this organization.'}`,
    };
  }
  if (isSirb && !check.sirb.ok) {
    return {
      level: 'warning',
      label: 'Not an sIRB',
      message:
        `The exchange does not recognize this organization as an sIRB, so it cannot create studies. ${check.sirb.error?.explanation ?? ''}`.trim(),
    };
  }
  if (skew !== undefined && Math.abs(skew) > 60) {
    return {
      level: 'warning',
      label: 'Clock drifting',
      message: `Connected, but this computer's clock is ${formatSkew(skew)}. Requests fail beyond 3 minutes.`,
    };
  }
  return { level: 'ok', label: 'Connected', message: 'Connected to the exchange.' };
}
