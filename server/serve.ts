// The reference exchange's HTTP server over a store someone else opens (server/index.ts: any
// store; server/sandbox.ts: the desktop's SQLite sandbox), so serving reaches no store of its own.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { MAX_REQUEST_BYTES } from '../shared/limits.js';
import type { AppContext } from './http/context.js';
import { internalErrorBody } from './http/api-error.js';
import { ERROR_CODES } from '../shared/error-codes.js';
import { CORS_HEADERS } from './http/responses.js';
import { checkBasePath } from './http/base-path.js';
import { createRequestHandler } from './http/handle-request.js';
import { DEFAULT_BODY_PACE } from './http/body-pace.js';
import { normalAddress } from './http/peer-address.js';
import {
  DEFAULT_MAX_UNVERIFIED_BYTES,
  DEFAULT_MAX_UPLOADS_PER_ORGANIZATION,
  UnverifiedBudget,
} from './http/unverified-budget.js';
import { ALL_ROUTES } from './routes/all-routes.js';
import type { OpenedStore } from './opened-store.js';

export interface ServeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  bindAddress?: string;
  /** The host name the Host header must carry (any port); default 'localhost', which also accepts 127.0.0.1 and [::1]. */
  hostName?: string;
  /** CA certificates every registered certificate must chain to, besides those of the store (DATA/trust/*.pem). */
  trustCaPems?: string[];
  /** Clock in ms, for tests. */
  now?: () => number;
  log?: (line: string) => void;
  /** Largest request body in bytes; default 300 MiB. Lower only in tests. */
  maxRequestBytes?: number;
  /** Bytes of request bodies not yet verified, across all requests; default 1 GiB. */
  maxUnverifiedBytes?: number;
  /** Item uploads of one organization from one peer address at once; default 4. */
  maxUploadsPerOrganization?: number;
  /**
   * A body not yet verified that sends nothing for this long, or under minBodyBytesPerSecond
   * on average once this long has passed, is answered 408 (code 1021); default 30 s.
   */
  bodyStallMs?: number;
  /** Default 16 KiB/s. */
  minBodyBytesPerSecond?: number;
  /** The longest an unverified body may take in all; default 10 minutes. */
  maxBodyMs?: number;
  /**
   * Default true: a request that signs Service-IrbX-Content-SHA256 is verified before its body
   * is read. False: act as the original service, which reads every body first (tests).
   */
  announcedHash?: boolean;
  /** Addresses of proxies whose X-Forwarded-For names the peer of a request. */
  trustProxy?: readonly string[];
  /** A path prefix the server answers below (e.g. '/api'), signed as part of every path; default none. */
  basePath?: string;
}

export interface RunningExchange {
  /** `http://localhost:${port}` */
  url: string;
  port: number;
  /** Where request bodies land while they arrive. */
  tmpDir: string;
  /** Bytes of bodies not yet verified that requests hold now (what strangers can cost; tests wait on it). */
  unverifiedBytesInFlight(): number;
  close(): Promise<void>;
}

function clientErrorResponse(status: number, code: number, message: string, details: string): string {
  const body = JSON.stringify({ code, status, message, details });
  const reason = 'Bad Request';
  const cors = Object.entries(CORS_HEADERS)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${cors}Connection: close\r\n\r\n${body}`;
}

/** The requests of each connection whose answers have not gone out yet. */
class PendingAnswers {
  private readonly bySocket = new WeakMap<
    Socket,
    { open: Set<{ req: IncomingMessage; res: ServerResponse }>; whenDone: (() => void)[] }
  >();

  track(req: IncomingMessage, res: ServerResponse): void {
    const entry = this.entry(req.socket);
    const x = { req, res };
    entry.open.add(x);
    res.once('close', () => {
      entry.open.delete(x);
      if (entry.open.size > 0) return;
      for (const f of entry.whenDone.splice(0)) f();
    });
  }

  of(socket: Socket): { req: IncomingMessage; res: ServerResponse }[] {
    return [...(this.bySocket.get(socket)?.open ?? [])];
  }

  /** Runs `f` once every answer pending on the socket has gone (at once when none is). */
  whenDone(socket: Socket, f: () => void): void {
    const entry = this.entry(socket);
    if (entry.open.size === 0) f();
    else entry.whenDone.push(f);
  }

  private entry(socket: Socket) {
    let e = this.bySocket.get(socket);
    if (!e) this.bySocket.set(socket, (e = { open: new Set(), whenDone: [] }));
    return e;
  }
}

/**
 * Malformed requests and oversized headers never reach the handler: Node's parser reports them
 * as 'clientError', and they are answered as JSON errors too. Two rules keep every answer
 * whole and in order:
 * - Bytes the parser refuses AFTER complete requests whose answers are still being made (a
 *   request pipelined behind a lying Content-Length, or data after `Connection: close`) are
 *   answered only after those answers, and only if the connection stays open; answering at
 *   once put a 400 in front of the real answer, which was then lost (issue 9: a DELETE whose
 *   204 never went out while the client read the 400).
 * - The parser stays failed and reports every later chunk again. Those repeats are ignored:
 *   destroying the socket while the client still sends would reset the connection (RST) and
 *   could wipe the 400 out of the client's receive buffer. The socket closes when the client
 *   closes its side, or by the idle timeout.
 */
function guardClientErrors(server: Server, pending: PendingAnswers): void {
  const handled = new WeakSet<Socket>();
  const answer = (socket: Socket, err: NodeJS.ErrnoException): void => {
    if (!socket.writable) return; // already closing (e.g. after a Connection: close answer)
    const e = ERROR_CODES.headerInvalid;
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    socket.end(
      clientErrorResponse(
        400,
        e.code,
        e.message,
        tooLarge ? 'The request headers are too large.' : 'The request is not valid HTTP.',
      ),
    );
  };
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (handled.has(socket)) return;
    handled.add(socket);
    const open = pending.of(socket);
    if (open.some((x) => !x.req.complete)) {
      // the refused bytes are the body of the last request: its handler waits for a body that
      // cannot come, so the 400 answers it now, unless the handler already answered (early,
      // before reading the body): then that answer stands and the connection closes after it
      if (!open.some((x) => x.res.headersSent)) return answer(socket, err);
      return pending.whenDone(socket, () => {
        if (socket.writable) socket.end();
      });
    }
    // complete requests still being answered go first; the 400 follows if the connection stays open
    pending.whenDone(socket, () => answer(socket, err));
  });
}

/** Serves the store `open` opens (called once the options are known good, with the server's log). */
export async function serveExchange(
  o: ServeOptions,
  open: (log: (line: string) => void) => Promise<OpenedStore>,
): Promise<RunningExchange> {
  const log = o.log ?? ((line: string) => console.log(line));
  // a bad prefix is refused before anything is opened
  const basePath = checkBasePath(o.basePath ?? '');
  const { store, tmpDir, release } = await open(log);
  const app: AppContext = {
    store,
    tmpDir,
    hostName: o.hostName ?? 'localhost',
    basePath,
    trustCaPems: o.trustCaPems ?? [],
    maxRequestBytes: o.maxRequestBytes ?? MAX_REQUEST_BYTES,
    unverified: new UnverifiedBudget(
      o.maxUnverifiedBytes ?? DEFAULT_MAX_UNVERIFIED_BYTES,
      o.maxUploadsPerOrganization ?? DEFAULT_MAX_UPLOADS_PER_ORGANIZATION,
    ),
    bodyPace: {
      stallMs: o.bodyStallMs ?? DEFAULT_BODY_PACE.stallMs,
      minBytesPerSecond: o.minBodyBytesPerSecond ?? DEFAULT_BODY_PACE.minBytesPerSecond,
      maxMs: o.maxBodyMs ?? DEFAULT_BODY_PACE.maxMs,
    },
    announcedHash: o.announcedHash ?? true,
    trustedProxies: new Set((o.trustProxy ?? []).map(normalAddress)),
    now: o.now ?? Date.now,
    log,
  };
  const handler = createRequestHandler(app, ALL_ROUTES);
  const pending = new PendingAnswers();
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    pending.track(req, res);
    handler(req, res).catch((e: unknown) => {
      log(`unhandled: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end(JSON.stringify(internalErrorBody()));
      } else res.destroy();
    });
  };
  const server: Server = createServer({ requestTimeout: 0, requireHostHeader: false }, onRequest);
  // `Expect: 100-continue`: the handler says "continue" only once the checks that need no body
  // passed, so a refusal reaches the client before it sends a byte of the body
  server.on('checkContinue', onRequest);
  // No overall request deadline (a 300 MiB upload may take long), but a connection that
  // sends nothing for two minutes, e.g. one that declared more body than it sends, is closed.
  server.timeout = 120_000;
  guardClientErrors(server, pending);
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.bindAddress ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    tmpDir,
    unverifiedBytesInFlight: () => app.unverified.bytesInFlight,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          // a listing still ending (its client gone) finishes with its own connection first
          void store
            .close()
            .then(release)
            .then(resolve, (e: unknown) => {
              log(`closing the store: ${String(e)}`);
              resolve();
            });
        });
        server.closeIdleConnections();
        // requests still running get a moment, then their connections go
        setTimeout(() => {
          for (const s of sockets) s.destroy();
        }, 2000).unref();
      });
      return closing;
    },
  };
}
