// The browser host's side of the contract: the same ExchangeApi as Electron's preload, carried
// over loopback HTTP (one POST per call) and a WebSocket for events. Built from the contract's
// operation list (bind.ts), so there is exactly one function per operation and no generic
// "call anything" door. Types only from the contract: its schemas would pull zod into the bundle.
import { bindOperations } from '../../shared/ipc/bind.js';
import type { EventName, EventPayloads, ExchangeApi, IpcResult } from '../../shared/ipc/contract.js';
import type { AppError, FileRef } from '../../shared/ipc/views.js';

const TOKEN_KEY = 'study-exchange.token';

export interface BrowserBridgeOptions {
  /** The host's origin, e.g. `http://127.0.0.1:4100`. */
  readonly origin: string;
  readonly token: string;
  /** Shortest and longest wait before reconnecting the event socket. */
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

/**
 * The per-run token: from `#token=T` on first load (then kept in sessionStorage and removed from
 * the address bar so it is not bookmarked or shared), else from sessionStorage on reloads.
 */
export function takeToken(location: Location, storage: Storage, history: History): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match?.[1]) {
    const token = decodeURIComponent(match[1]);
    storage.setItem(TOKEN_KEY, token);
    history.replaceState(history.state, '', location.pathname + location.search);
    return token;
  }
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

function failure(code: string, message: string, details: string, retryable: boolean): { ok: false; error: AppError } {
  return { ok: false, error: { code, message, details, explanation: message, retryable } };
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
function eventChannel(options: BrowserBridgeOptions): ExchangeApi['on'] {
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
    url.searchParams.set('token', options.token);
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
    open();
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
  const auth = { Authorization: `Bearer ${options.token}` };

  async function call<T>(name: string, args: unknown): Promise<IpcResult<T>> {
    try {
      const response = await fetch(new URL(`/api/call/${name}`, options.origin), {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
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
    try {
      const response = await fetch(url, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/octet-stream' },
        body: file,
      });
      return await readResult<FileRef>(response);
    } catch (e) {
      return failure('network', `"${file.name}" could not be handed to the app.`, String(e), true);
    }
  }

  return { ...bindOperations(call), on: eventChannel(options), stageFile };
}
