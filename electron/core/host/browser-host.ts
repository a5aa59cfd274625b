// The browser host: the same contract and door served to a page over loopback HTTP plus a
// WebSocket for events. The one-time code buys the run's only session (sessions.ts); checks
// of Host, Origin, the session's cookie and secret, and (Linux) the peer's user keep other
// pages, other local programs, other local users and DNS-rebinding sites out. This file routes;
// the parts live beside it: staging.ts, downloads.ts, event-socket.ts, static-files.ts.
import { promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
import { appError, internalError, invalidArgument, toAppError } from '../../../shared/app-error.js';
import type { Door } from '../ipc-door.js';
import { DOWNLOAD_PREFIX, Downloads, DOWNLOAD_TTL_MS } from './downloads.js';
import { EventSocket } from './event-socket.js';
import { appLocked, type LockState } from './lock.js';
import { samePeerUser } from './peer-user.js';
import { readJson, refuse, sendJson, sendStatus } from './responses.js';
import { HostSessions } from './sessions.js';
import { stage } from './staging.js';
import { serveStatic } from './static-files.js';

interface BrowserHostOptions {
  readonly door: Door;
  /** Folder of the built renderer (index.html, unlock.html and assets). */
  readonly rendererDir: string;
  /** Where dropped files are staged before the door's stage registers them. */
  readonly stagingDir: string;
  readonly port?: number;
  /** Largest staged file; larger drops are refused before they are read. */
  readonly maxStageBytes?: number;
  /** How long an offered download waits to be fetched before it is removed (10 minutes). */
  readonly downloadTtlMs?: number;
  /**
   * Keys locked behind a passphrase the page asks for (lock.ts): until `unlock` succeeds the
   * host serves the unlock page and answers calls with 423.
   */
  readonly gate?: { state(): Promise<LockState>; unlock(passphrase: string): Promise<void> };
  /** Runs once the one-time code is spent (the launch file that carried it can go). */
  readonly onCodeSpent?: () => void;
}

export interface BrowserHost {
  readonly url: string;
  readonly origin: string;
  /** The app's own origins (this port on 127.0.0.1 and on localhost): calls must come from one. */
  readonly origins: readonly string[];
  /** The one-time code in `url`; spent by the first sign-in. */
  readonly code: string;
  /** The session cookie's name (it names the port: cookies are shared across ports). */
  readonly cookieName: string;
  readonly port: number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /**
   * Serves a file once at an unguessable URL (the browser's "Save as"), then forgets it; `gone`
   * (by default: delete the file) runs after the fetch (`served`: the whole file was sent), or
   * when nobody fetched it in time.
   */
  offerDownload(path: string, fileName: string, gone?: (served: boolean) => Promise<void>): string;
  close(): Promise<void>;
}

const codeUsed = () =>
  appError(
    'code-used',
    'This link was already used, or is not from this run of the app.',
    'Each start of the app prints a link that opens it once; start the app again for a new one.',
  );

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const downloads = new Downloads(options.downloadTtlMs ?? DOWNLOAD_TTL_MS);
  const events = new EventSocket();
  const staging = { door: options.door, dir: options.stagingDir, maxBytes: options.maxStageBytes ?? 400 * 1024 * 1024 };
  await fs.mkdir(options.stagingDir, { recursive: true });
  const peerOk = samePeerUser();
  let origin = '';
  let origins: string[] = [];

  /** Host must name this loopback server: refuses DNS-rebinding names. */
  const hostOk = (req: IncomingMessage): boolean => origins.includes(`http://${req.headers.host}`);
  const originOk = (req: IncomingMessage): boolean => origins.includes(req.headers.origin ?? '');
  let sessions = new HostSessions('sx-session');
  const locked = async (): Promise<boolean> => !!options.gate && (await options.gate.state()) !== 'open';

  /**
   * POST /api/session {code?}: the page that holds the session stays signed in (a reload; the
   * code is not looked at); otherwise the one-time code buys the cookie and the secret. POST,
   * so the browser sends Origin (it does not on a same-origin GET).
   */
  async function session(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (sessions.holds(req)) {
      req.resume();
      return sendJson(res, 200, { ok: true, value: {} });
    }
    let body: unknown;
    try {
      body = await readJson(req, 1024);
    } catch {
      return refuse(res, 400, 'malformed sign-in');
    }
    const issued = sessions.exchange((body as { code?: unknown } | null)?.code);
    if (!issued) return sendJson(res, 401, { ok: false, error: codeUsed() });
    options.onCodeSpent?.();
    sendJson(res, 200, { ok: true, value: { secret: issued.secret } }, { 'Set-Cookie': sessions.setCookie(issued.id) });
  }

  /** POST /api/lock: the gate's state; POST /api/unlock {passphrase}: set it or check it. */
  async function gate(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let body: unknown;
    try {
      body = await readJson(req, 4096);
    } catch {
      return refuse(res, 400, 'malformed request');
    }
    if (!options.gate) return sendJson(res, 200, { ok: true, value: { state: 'open' } });
    const passphrase = (body as { passphrase?: unknown } | null)?.passphrase;
    try {
      if (path === '/api/lock') return sendJson(res, 200, { ok: true, value: { state: await options.gate.state() } });
      await options.gate.unlock(typeof passphrase === 'string' ? passphrase : '');
      return sendJson(res, 200, { ok: true, value: { state: 'open' } });
    } catch (e) {
      return sendJson(res, 400, { ok: false, error: toAppError(e) });
    }
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname.startsWith(DOWNLOAD_PREFIX) && req.method === 'GET') {
      // A navigation, so no Origin and no secret: the cookie (SameSite=Strict) and the URL's secrecy are the check.
      if (!sessions.holdsCookie(req)) return refuse(res, 401, 'not signed in');
      return downloads.serve(res, url.pathname.slice(DOWNLOAD_PREFIX.length));
    }
    if (!originOk(req)) return refuse(res, 403, 'wrong Origin');
    if (url.pathname === '/api/session' && req.method === 'POST') return session(req, res);
    if (!sessions.holds(req)) return refuse(res, 401, 'not signed in');
    if ((url.pathname === '/api/lock' || url.pathname === '/api/unlock') && req.method === 'POST')
      return gate(req, res, url.pathname);
    if (await locked()) {
      req.resume();
      return sendJson(res, 423, { ok: false, error: appLocked() });
    }
    if (url.pathname === '/api/stage' && req.method === 'PUT')
      return stage(staging, req, res, url, { url: req.headers.origin ?? '' });
    if (url.pathname.startsWith('/api/call/') && req.method === 'POST') {
      let args: unknown;
      try {
        args = await readJson(req, 8 * 1024 * 1024);
      } catch (e) {
        return sendJson(res, 400, { ok: false, error: invalidArgument(String(e)) });
      }
      return sendJson(
        res,
        200,
        await options.door.call({ url: req.headers.origin ?? '' }, url.pathname.slice(10), args),
      );
    }
    return refuse(res, 404, 'unknown endpoint');
  }

  const server = createServer((req, res) => {
    void (async () => {
      if (!hostOk(req)) return refuse(res, 421, 'unexpected Host header');
      if (!(await peerOk(req.socket))) return refuse(res, 403, 'connection from another user');
      let url: URL;
      try {
        url = new URL(req.url ?? '/', origin);
      } catch {
        return sendStatus(res, 400, 'Malformed URL');
      }
      if (url.pathname.startsWith('/api/')) return api(req, res, url);
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendStatus(res, 405);
      return serveStatic(options.rendererDir, req, res, url.pathname, await locked());
    })().catch((e) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: internalError(String(e)) });
      else res.destroy();
    });
  });

  server.on('upgrade', (req, socket, head) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const allowed =
        hostOk(req) &&
        originOk(req) &&
        url.pathname === '/api/events' &&
        sessions.holds(req) &&
        (await peerOk(req.socket));
      events.upgrade(req, socket, head, allowed);
    })().catch(() => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  origins = [origin, `http://localhost:${port}`];
  sessions = new HostSessions(`sx-session-${port}`);

  return {
    url: `${origin}/#token=${sessions.code}`,
    origin,
    origins,
    code: sessions.code,
    cookieName: sessions.cookieName,
    port,
    emit: (event, payload) => events.send(event, payload),
    offerDownload: (path, fileName, gone) => downloads.offer(path, fileName, gone),
    async close() {
      await downloads.close();
      events.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
