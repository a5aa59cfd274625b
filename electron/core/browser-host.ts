// The browser host: the same contract and door served to a page over loopback HTTP plus a
// WebSocket for events. A one-time code in the URL fragment, traded once for an HttpOnly
// session cookie (host-session.ts), and checks of Origin and Host keep other pages, other
// local users and DNS-rebinding sites out.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventName, EventPayloads } from '../../shared/ipc/contract.js';
import type { FileRef } from '../../shared/ipc/views.js';
import { appError, internalError, invalidArgument, toAppError, untrustedSender } from '../../shared/app-error.js';
import { appLocked, type LockState } from './host-lock.js';
import { HostSessions } from './host-session.js';
import { UNLOCK_HTML, UNLOCK_JS } from './unlock-page.js';
import type { Door } from './ipc-door.js';
import { resolveRendererFile } from './renderer-files.js';

export interface StagedFile extends FileRef {
  readonly path: string;
  readonly relativePath: string;
}

interface BrowserHostOptions {
  readonly door: Door;
  /** Folder of the built renderer (index.html and assets). */
  readonly rendererDir: string;
  /** Where dropped files are staged before upload. */
  readonly stagingDir: string;
  readonly port?: number;
  readonly onStaged?: (file: StagedFile) => void;
  /** Largest staged file; larger drops are refused before they are read. */
  readonly maxStageBytes?: number;
  /** How long an offered download waits to be fetched before it is removed (10 minutes). */
  readonly downloadTtlMs?: number;
  /**
   * Keys locked behind a passphrase the page asks for (host-lock.ts): until `unlock` succeeds
   * the host serves the unlock page and answers calls with 423.
   */
  readonly gate?: { state(): Promise<LockState>; unlock(passphrase: string): Promise<void> };
}

const DOWNLOAD_TTL_MS = 10 * 60 * 1000;

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
   * (by default: delete the file) runs after the fetch, or when nobody fetched it in time.
   */
  offerDownload(path: string, fileName: string, gone?: () => Promise<void>): string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function refuse(res: ServerResponse, status: number, details: string): void {
  sendJson(res, status, {
    ok: false,
    error: untrustedSender(details),
  });
}

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('request too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const downloads = new Map<string, { path: string; fileName: string; gone: () => Promise<void>; expiry: NodeJS.Timeout }>();
  const maxStage = options.maxStageBytes ?? 400 * 1024 * 1024;
  await fs.mkdir(options.stagingDir, { recursive: true });
  let origin = '';
  let origins: string[] = [];

  /** Host must name this loopback server: refuses DNS-rebinding names. */
  const hostOk = (req: IncomingMessage): boolean => origins.includes(`http://${req.headers.host}`);
  const originOk = (req: IncomingMessage): boolean => origins.includes(req.headers.origin ?? '');
  let sessions = new HostSessions('sx-session');

  /**
   * POST /api/session {code?}: a page that holds a session stays signed in (a reload; the code is
   * not looked at); otherwise the one-time code buys a session cookie. POST, so the browser sends
   * Origin (it does not on a same-origin GET).
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
    const id = sessions.exchange((body as { code?: unknown } | null)?.code);
    if (!id) {
      return sendJson(res, 401, {
        ok: false,
        error: appError(
          'code-used',
          'This link was already used, or is not from this run of the app.',
          'Each start of the app prints a link that opens it once; start the app again for a new one.',
        ),
      });
    }
    const text = JSON.stringify({ ok: true, value: {} });
    res.writeHead(200, { ...SECURITY_HEADERS, 'Set-Cookie': sessions.setCookie(id), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  const locked = async (): Promise<boolean> => !!options.gate && (await options.gate.state()) !== 'open';

  function serveText(res: ServerResponse, type: string, text: string): void {
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
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

  async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (pathname === '/unlock.js') return serveText(res, 'text/javascript; charset=utf-8', UNLOCK_JS);
    if ((pathname === '/' || pathname === '/index.html') && (await locked())) return serveText(res, 'text/html; charset=utf-8', UNLOCK_HTML);
    const found = await resolveRendererFile(options.rendererDir, pathname);
    if (found.kind === 'malformed') {
      res.writeHead(400, SECURITY_HEADERS).end('Malformed URL');
      return;
    }
    if (found.kind === 'missing') {
      res.writeHead(404, SECURITY_HEADERS).end('Not found');
      return;
    }
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': found.type, 'Content-Length': found.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(found.path).on('error', () => res.destroy()).pipe(res);
  }

  async function stage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const name = url.searchParams.get('name') ?? '';
    const relativePath = url.searchParams.get('relativePath') ?? name;
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (!name || name.length > 255 || /[/\\\0]/.test(name) || relativePath.length > 12 * 201) {
      sendJson(res, 400, { ok: false, error: appError('invalid-argument', 'The file name is not valid.', 'The file name is not valid.', { details: name }) });
      return;
    }
    if (!Number.isFinite(declared) || declared > maxStage) {
      req.resume();
      sendJson(res, 413, { ok: false, error: appError('too-large', 'The file is too large.', 'The file is larger than one upload can carry.', { details: `limit ${maxStage} bytes` }) });
      return;
    }
    const ref = randomBytes(16).toString('hex');
    // Kept under its own name, so the upload's header and media type come from it.
    const folder = join(options.stagingDir, ref);
    const path = join(folder, name);
    try {
      await fs.mkdir(folder, { mode: 0o700 });
      await pipeline(req, createWriteStream(path, { mode: 0o600 }));
      const size = (await fs.stat(path)).size;
      if (size !== declared) throw new Error('incomplete upload to the app');
      const staged: StagedFile = { ref, name, size, path, relativePath };
      options.onStaged?.(staged);
      sendJson(res, 200, { ok: true, value: { ref, name, size } satisfies FileRef });
    } catch (e) {
      await fs.rm(folder, { recursive: true, force: true });
      sendJson(res, 400, { ok: false, error: appError('stage-failed', 'The file could not be read.', 'The file could not be read.', { details: String(e), retryable: true }) });
    }
  }

  async function download(res: ServerResponse, id: string): Promise<void> {
    const entry = downloads.get(id);
    if (!entry) {
      res.writeHead(404, SECURITY_HEADERS).end('Not found');
      return;
    }
    downloads.delete(id);
    clearTimeout(entry.expiry);
    const stat = await fs.stat(entry.path);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/octet-stream',
      'Content-Length': stat.size,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(entry.fileName)}`,
    });
    await pipeline(createReadStream(entry.path), res).catch(() => {});
    await entry.gone();
  }

  const server = createServer((req, res) => {
    void (async () => {
      if (!hostOk(req)) return refuse(res, 421, 'unexpected Host header');
      let url: URL;
      try {
        url = new URL(req.url ?? '/', origin);
      } catch {
        return void res.writeHead(400, SECURITY_HEADERS).end('Malformed URL');
      }
      if (url.pathname.startsWith('/api/')) {
        if (url.pathname.startsWith('/api/download/') && req.method === 'GET') {
          // A navigation, so no Origin: the session cookie (SameSite=Strict) is the check.
          if (!sessions.holds(req)) return refuse(res, 401, 'not signed in');
          return download(res, url.pathname.slice(14));
        }
        if (!originOk(req)) return refuse(res, 403, 'wrong Origin');
        if (url.pathname === '/api/session' && req.method === 'POST') return session(req, res);
        if (!sessions.holds(req)) return refuse(res, 401, 'not signed in');
        if ((url.pathname === '/api/lock' || url.pathname === '/api/unlock') && req.method === 'POST') return gate(req, res, url.pathname);
        if (await locked()) {
          req.resume();
          return sendJson(res, 423, { ok: false, error: appLocked() });
        }
        if (url.pathname === '/api/stage' && req.method === 'PUT') return stage(req, res, url);
        if (url.pathname.startsWith('/api/call/') && req.method === 'POST') {
          let args: unknown;
          try {
            args = await readJson(req, 8 * 1024 * 1024);
          } catch (e) {
            return sendJson(res, 400, { ok: false, error: invalidArgument(String(e)) });
          }
          const result = await options.door.call({ url: req.headers.origin ?? '' }, url.pathname.slice(10), args);
          return sendJson(res, 200, result);
        }
        return refuse(res, 404, 'unknown endpoint');
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, SECURITY_HEADERS).end();
      return serveStatic(req, res, url.pathname);
    })().catch((e) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: internalError(String(e)) });
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!hostOk(req) || !originOk(req) || url.pathname !== '/api/events' || !sessions.holds(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
    });
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
    emit(event, payload) {
      const text = JSON.stringify({ event, payload });
      for (const ws of sockets) ws.send(text);
    },
    offerDownload(path, fileName, gone = () => fs.rm(path, { force: true })) {
      const id = randomBytes(24).toString('hex');
      // A decrypted copy nobody fetched does not stay on disk.
      const expiry = setTimeout(() => {
        if (downloads.delete(id)) void gone().catch(() => {});
      }, options.downloadTtlMs ?? DOWNLOAD_TTL_MS);
      expiry.unref();
      downloads.set(id, { path, fileName, gone, expiry });
      return `/api/download/${id}`;
    },
    async close() {
      for (const [id, entry] of downloads) {
        downloads.delete(id);
        clearTimeout(entry.expiry);
        await entry.gone().catch(() => {});
      }
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
