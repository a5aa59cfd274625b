// Signing a page in to the browser host, shared by the app's bridge and the unlock page: the
// one-time code from the address is traded once for the host's HttpOnly cookie and a session
// secret, which this tab keeps in sessionStorage (its origin includes the port, unlike the
// cookie's) and sends with every request (shared/ipc/host-auth.ts).
import { appError } from '../../shared/app-error.js';
import { EVENTS_PROTOCOL, SECRET_HEADER, SECRET_PROTOCOL_PREFIX, type SignedIn } from '../../shared/ipc/host-auth.js';
import type { IpcResult } from '../../shared/ipc/contract.js';
import type { AppError } from '../../shared/ipc/views.js';

const SECRET_KEY = 'sx-session-secret';

/** The one-time code from `#token=C`, removed from the address bar at once (no bookmark, no copy). */
export function takeCode(location: Location, history: History): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match?.[1]) return undefined;
  history.replaceState(history.state, '', location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

function storedSecret(): string {
  try {
    return sessionStorage.getItem(SECRET_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Headers every request to the host carries: the session secret (the cookie goes by itself). */
export function sessionHeaders(): Record<string, string> {
  const secret = storedSecret();
  return secret ? { [SECRET_HEADER]: secret } : {};
}

/** The event socket's subprotocols: the one the host selects, and one that carries the secret. */
export function socketProtocols(): string[] {
  const secret = storedSecret();
  return secret ? [EVENTS_PROTOCOL, SECRET_PROTOCOL_PREFIX + secret] : [EVENTS_PROTOCOL];
}

export function failure(
  code: string,
  message: string,
  details: string,
  retryable: boolean,
  explanation = message,
): { ok: false; error: AppError } {
  return { ok: false, error: appError(code, message, explanation, { details, retryable }) };
}

export async function readResult<T>(response: Response): Promise<IpcResult<T>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (e) {
    return failure(
      'network',
      'The app answered with something unreadable.',
      `HTTP ${response.status}: ${String(e)}`,
      true,
    );
  }
  if (body && typeof body === 'object' && 'ok' in body) return body as IpcResult<T>;
  return failure('network', 'The app answered with something unreadable.', `HTTP ${response.status}`, true);
}

/** POSTs JSON to the host with the session; a host that cannot be reached is a retryable failure. */
export async function postJson<T>(origin: string, path: string, body: unknown): Promise<IpcResult<T>> {
  try {
    const response = await fetch(new URL(path, origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...sessionHeaders() },
      body: JSON.stringify(body ?? {}),
    });
    return await readResult<T>(response);
  } catch (e) {
    return failure('network', 'The app could not be reached. Is it still running?', String(e), true);
  }
}

/**
 * Signs this page in: a page that already holds the session (a reload of this tab) keeps it;
 * otherwise the one-time code is traded for the cookie and the secret, kept for this tab only.
 */
export async function signIn(origin: string, code: string | undefined): Promise<IpcResult<SignedIn>> {
  const result = await postJson<SignedIn>(origin, '/api/session', code ? { code } : {});
  if (result.ok && result.value.secret) {
    try {
      sessionStorage.setItem(SECRET_KEY, result.value.secret);
    } catch {
      return failure(
        'storage',
        'This browser tab cannot keep its sign-in.',
        'sessionStorage is unavailable',
        false,
        'Allow site data for this page, then start the app again.',
      );
    }
  }
  return result;
}
