// The browser host: the same contract and door served to a page over loopback HTTP plus a
// WebSocket for events. The one-time code buys the run's only session (sessions.ts); checks
// of Host, Origin, the session's cookie and secret, and (Linux) the peer's user keep other
// pages, other local programs, other local users and DNS-rebinding sites out. This file routes;
// the parts live beside it: api-routes.ts, host-address.ts, staging.ts, downloads.ts,
// event-socket.ts, static-files.ts.
import { promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
import { internalError } from '../../../shared/app-error.js';
import type { Door } from '../ipc-door.js';
import { isLocked, routeApi, type ApiContext, type HostGate } from './api-routes.js';
import { Downloads, DOWNLOAD_TTL_MS } from './downloads.js';
import { EventSocket } from './event-socket.js';
import { HostAddress } from './host-address.js';
import { samePeerUser } from './peer-user.js';
import { refuse, sendJson, sendStatus } from './responses.js';
import { HostSessions } from './sessions.js';
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
  readonly gate?: HostGate;
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

/** Whether a connection comes from this user's own processes (Linux; elsewhere always yes). */
type PeerCheck = (socket: Socket) => Promise<boolean>;

interface HostParts extends ApiContext {
  readonly rendererDir: string;
  readonly peerOk: PeerCheck;
  readonly events: EventSocket;
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  await fs.mkdir(options.stagingDir, { recursive: true });
  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  const address = new HostAddress(port);
  // The cookie's name carries the port: browsers share cookies across a host's ports.
  const sessions = new HostSessions(`sx-session-${port}`);
  const parts: HostParts = {
    door: options.door,
    address,
    sessions,
    downloads: new Downloads(options.downloadTtlMs ?? DOWNLOAD_TTL_MS),
    staging: { door: options.door, dir: options.stagingDir, maxBytes: options.maxStageBytes ?? 400 * 1024 * 1024 },
    gate: options.gate,
    onCodeSpent: options.onCodeSpent,
    rendererDir: options.rendererDir,
    peerOk: samePeerUser(),
    events: new EventSocket(),
  };
  // Attached in the same turn as the listen resolves, before any request can be read.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handleRequest(parts, req, res).catch((e) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: internalError(String(e)) });
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    handleUpgrade(parts, req, socket, head).catch(() => socket.destroy());
  });
  return hostFace(server, parts);
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Every request: Host and the peer first; /api/ is routed, anything else is the built page. */
async function handleRequest(parts: HostParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!parts.address.hostOk(req)) return refuse(res, 421, 'unexpected Host header');
  if (!(await parts.peerOk(req.socket))) return refuse(res, 403, 'connection from another user');
  let url: URL;
  try {
    url = new URL(req.url ?? '/', parts.address.origin);
  } catch {
    return sendStatus(res, 400, 'Malformed URL');
  }
  if (url.pathname.startsWith('/api/')) return routeApi(parts, req, res, url);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendStatus(res, 405);
  return serveStatic(parts.rendererDir, req, res, url.pathname, await isLocked(parts.gate));
}

/** The event socket: the same checks as a call (Host, Origin, session, peer). */
async function handleUpgrade(parts: HostParts, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  const allowed =
    parts.address.hostOk(req) &&
    parts.address.originOk(req) &&
    url.pathname === '/api/events' &&
    parts.sessions.holds(req) &&
    (await parts.peerOk(req.socket));
  parts.events.upgrade(req, socket, head, allowed);
}

function hostFace(server: Server, parts: HostParts): BrowserHost {
  const { address, sessions, downloads, events } = parts;
  return {
    url: `${address.origin}/#token=${sessions.code}`,
    origin: address.origin,
    origins: address.origins,
    code: sessions.code,
    cookieName: sessions.cookieName,
    port: address.port,
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
