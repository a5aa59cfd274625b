// The browser host's side of the contract: the same ExchangeApi as Electron's preload, carried
// over loopback HTTP (one POST per call) and a WebSocket for events. Built from the contract's
// operation list (bind.ts), so there is exactly one function per operation and no generic
// "call anything" door. Types only from the contract: its schemas would pull zod into the bundle.
// Signing in (the one-time code, the session secret) is host-sign-in.ts, shared with the unlock page.
import { bindOperations } from '../../shared/ipc/bind.js';
import type { EventName, EventPayloads, ExchangeApi, IpcResult } from '../../shared/ipc/contract.js';
import type { FileRef } from '../../shared/ipc/views.js';
import { failure, postJson, readResult, sessionHeaders, socketProtocols } from './host-sign-in.js';

interface BrowserBridgeOptions {
  /** The host's origin, e.g. `http://127.0.0.1:4100`. */
  readonly origin: string;
  /** Settles once this page holds a session (signIn); calls wait for it. */
  readonly signedIn?: Promise<IpcResult<unknown>>;
  /** Shortest and longest wait before reconnecting the event socket. */
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
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
    // The session cookie goes with the handshake, the secret as a subprotocol; the socket waits for sign-in.
    const ws = new WebSocket(url.toString(), socketProtocols());
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
    return postJson<T>(options.origin, `/api/call/${name}`, args);
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
        headers: { 'Content-Type': 'application/octet-stream', ...sessionHeaders() },
        body: file,
      });
      return await readResult<FileRef>(response);
    } catch (e) {
      return failure('network', `"${file.name}" could not be handed to the app.`, String(e), true);
    }
  }

  return { ...bindOperations(call), on: eventChannel(options, signedIn), stageFile };
}
