// A loopback proxy in front of the exchange that can rewrite chosen responses, to show
// that the client refuses what was changed in transit.
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Rewriter = (method: string, path: string, body: Buffer) => Buffer | undefined;

export interface TamperProxy {
  readonly url: string;
  /** Return new bytes to replace a response body, or undefined to pass it through. */
  rewrite(r: Rewriter | undefined): void;
  /** Sends only the first `bytes` of each longer response body, then drops the connection (undefined: whole bodies). */
  cutAfter(bytes: number | undefined): void;
  /** Requests for which `drop` says true lose their connection before any answer (undefined: none). */
  drop(match: ((method: string, path: string) => boolean) | undefined): void;
  close(): Promise<void>;
}

export async function startTamperProxy(target: string): Promise<TamperProxy> {
  const upstream = new URL(target);
  let rewriter: Rewriter | undefined;
  let cut: number | undefined;
  let dropping: ((method: string, path: string) => boolean) | undefined;
  const server = createServer((req, res) => {
    if (dropping?.(req.method ?? 'GET', req.url ?? '/')) {
      req.socket.destroy();
      return;
    }
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (up: IncomingMessage) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          const changed = rewriter?.(req.method ?? 'GET', req.url ?? '/', body) ?? body;
          const headers = { ...up.headers, 'content-length': String(changed.length) };
          delete headers['transfer-encoding'];
          res.writeHead(up.statusCode ?? 502, headers);
          if (cut !== undefined && changed.length > cut) {
            // a connection lost part way through the answer
            res.write(changed.subarray(0, cut), () => setTimeout(() => res.destroy(), 50));
            return;
          }
          res.end(changed);
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    rewrite(r) {
      rewriter = r;
    },
    cutAfter(bytes) {
      cut = bytes;
    },
    drop(match) {
      dropping = match;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Replaces one character of a JSON string field with another of the same alphabet. */
export function flipField(body: Buffer, field: string, at = 0.5): Buffer {
  const json = JSON.parse(body.toString('utf8')) as Record<string, string>;
  const value = json[field];
  if (typeof value !== 'string' || value.length === 0) throw new Error(`no field ${field}`);
  const i = Math.min(value.length - 3, Math.floor(value.length * at));
  const c = value[i]!;
  const swap = /[0-9a-f]/.test(c) ? (c === 'a' ? 'b' : 'a') : c === 'A' ? 'B' : 'A';
  json[field] = value.slice(0, i) + swap + value.slice(i + 1);
  return Buffer.from(JSON.stringify(json));
}
