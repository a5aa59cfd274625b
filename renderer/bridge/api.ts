// The ExchangeApi the app uses: Electron's preload when present, otherwise the browser host's
// loopback bridge. The rest of the renderer cannot tell them apart.
import type { ExchangeApi, IpcResult } from '../../shared/ipc/contract.js';
import type { AppError } from '../../shared/ipc/views.js';
import { createBrowserBridge, signIn, takeCode } from './browser-bridge.js';

declare global {
  interface Window {
    readonly exchange?: ExchangeApi;
  }
}

let chosen: ExchangeApi | undefined;

export function getExchangeApi(): ExchangeApi {
  if (chosen) return chosen;
  if (window.exchange) {
    chosen = window.exchange;
    return chosen;
  }
  const code = takeCode(window.location, window.history);
  chosen = createBrowserBridge({ origin: window.location.origin, signedIn: signIn(window.location.origin, code) });
  return chosen;
}

/** An expected failure, thrown so react-query sees it; the AppError travels intact. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'AppFailure';
  }
}

export function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new AppFailure(result.error);
}

/** The AppError behind anything caught (unexpected errors become a plain one). */
export function toAppError(e: unknown): AppError {
  if (e instanceof AppFailure) return e.error;
  const message = e instanceof Error ? e.message : String(e);
  return { code: 'unexpected', message, details: '', explanation: 'Something unexpected went wrong in the app.', retryable: true };
}
