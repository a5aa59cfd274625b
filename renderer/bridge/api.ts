// The ExchangeApi the app uses: Electron's preload when present, otherwise the browser host's
// loopback bridge. The rest of the renderer cannot tell them apart.
import type { ExchangeApi, IpcResult } from '../../shared/ipc/contract.js';
import { AppFailure } from '../../shared/app-error.js';
import { createBrowserBridge } from './browser-bridge.js';
import { signIn, takeCode } from './host-sign-in.js';

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

export { AppFailure, toAppError } from '../../shared/app-error.js';

export function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new AppFailure(result.error);
}
