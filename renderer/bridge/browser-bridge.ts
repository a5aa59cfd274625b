// The browser host's side of the contract: the same ExchangeApi as Electron's preload, carried
// over loopback HTTP (one POST per call) and a WebSocket for events. Built from the contract's
// operation list (bind.ts), so there is exactly one function per operation and no generic
// "call anything" door. Types only from the contract: its schemas would pull zod into the bundle.
import { bindOperations } from '../../shared/ipc/bind.js';
import type { EventName, EventPayloads, ExchangeApi, IpcResult } from '../../shared/ipc/contract.js';
import { appError } from '../../shared/app-error.js';
import type { AppError, FileRef } from '../../shared/ipc/views.js';

interface BrowserBridgeOptions {
  /** The host's origin, e.g. `http://127.0.0.1:4100`. */
  readonly origin: string;
  /** Settles once this page holds a session (signIn); calls wait for it. */
  readonly signedIn?: Promise<IpcResult<unknown>>;
  /** Shortest and longest wait before reconnecting the event socket. */
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

/** The one-time code from `#token=C`, removed from the address bar at once (no bookmark, no copy). */
export function takeCode(location: Location, history: History): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match?.[1]) return undefined;
  history.replaceState(history.state, '', location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

/**
 * Signs this page in: a page that already holds a session (a reload) keeps it; otherwise the
 * one-time code is traded for the host's HttpOnly cookie. Nothing secret is kept by the page.
 */
export async function signIn(origin: string, code: string | undefined): Promise<IpcResult<unknown>> {
  try {
    const response = await fetch(new URL('/api/session', origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(code ? { code } : {}),
    });
    return await readResult(response);
  } catch (e) {
    return failure('network', 'The app could not be reached. Is it still running?', String(e), true);
  }
}

function failure(code: string, message: string, details: string, retryable: boolean, explanation = message): { ok: false; error: AppError } {
  return { ok: false, error: appError(code, message, explanation, { details, retryable }) };
}

async function readResult<T>(response: Response): Promise<IpcResult<T>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (e) {
    return failure('network', 'The app answered with something unreadable.', `HTTP ${response.status}: ${String(e)}`, true);
  }
  if (body && typeof body === 'object' && 'ok' in body) return body as IpcResult<T>;
  return failure('network', 'The app answered with something unreadable.', `HTTP ${response.status}`, true);
}

type Listener = (payload: unknown) => void;

/** One WebSocket shared by every listener, opened on first use and reopened with backoff. */
function eventChannel(options: BrowserBridgeOptions, signedIn: Promise<IpcResult<unknown>>): ExchangeApi['on'] {
  const listeners = new Map<EventName, Set<Listener>>();
  const min = options.minBackoffMs ?? 500;
  const max = options.maxBackoffMs ?? 15_000;
  let socket: WebSocket | undefined;
  let backoff = min;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const count = (): number => [...listeners.values()].reduce((n, set) => n + set.size, 0);

  function open(): void {
    // No WebSocket (some test environments): calls still work, events just do not arrive.
    if (socket || count() === 0 || typeof WebSocket === 'undefined') return;
    const url = new URL('/api/events', options.origin);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    // The session cookie goes with the handshake (same site); the socket waits for sign-in.
    const ws = new WebSocket(url.toString());
    socket = ws;
    ws.onopen = () => {
      backoff = min;
    };
    ws.onmessage = (message) => {
      let parsed: { event?: EventName; payload?: unknown };
      try {
        parsed = JSON.parse(String(message.data)) as typeof parsed;
      } catch {
        return;
      }
      if (!parsed.event) return;
      for (const listener of listeners.get(parsed.event) ?? []) listener(parsed.payload);
    };
    ws.onclose = () => {
      socket = undefined;
      if (count() === 0) return;
      timer = setTimeout(() => {
        timer = undefined;
        open();
      }, backoff);
      backoff = Math.min(max, backoff * 2);
    };
  }

  return <E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) => {
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    const wrapped = listener as Listener;
    set.add(wrapped);
    void signedIn.then((r) => r.ok && open());
    return () => {
      set.delete(wrapped);
      if (count() === 0) {
        if (timer) clearTimeout(timer);
        timer = undefined;
        const s = socket;
        socket = undefined;
        s?.close();
      }
    };
  };
}

export function createBrowserBridge(options: BrowserBridgeOptions): ExchangeApi {
  const signedIn = options.signedIn ?? Promise.resolve<IpcResult<unknown>>({ ok: true, value: {} });

  async function call<T>(name: string, args: unknown): Promise<IpcResult<T>> {
    const session = await signedIn;
    if (!session.ok) return session;
    try {
      const response = await fetch(new URL(`/api/call/${name}`, options.origin), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(args ?? {}),
      });
      return await readResult<T>(response);
    } catch (e) {
      return failure('network', 'The app could not be reached. Is it still running?', String(e), true);
    }
  }

  async function stageFile(file: File, relativePath: string): Promise<IpcResult<FileRef>> {
    const url = new URL('/api/stage', options.origin);
    url.searchParams.set('name', file.name);
    url.searchParams.set('relativePath', relativePath);
    const session = await signedIn;
    if (!session.ok) return session;
    try {
      const response = await fetch(url, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: file,
      });
      return await readResult<FileRef>(response);
    } catch (e) {
      return failure('network', `"${file.name}" could not be handed to the app.`, String(e), true);
    }
  }

  return { ...bindOperations(call), on: eventChannel(options, signedIn), stageFile };
}
