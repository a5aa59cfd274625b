// HTTP/1.1 over a bare socket, so anything can be sent: lying Content-Length, duplicate or
// malformed headers, NUL bytes in the target. Reads EVERY answer the server sends on the
// connection until the server closes it: a request that turns out to be two (a lying
// Content-Length leaves the rest of the body to be parsed as a second request) gets two
// answers, and each must be judged; reading only the first once hid a 204 (issue 9).
import { connect } from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface RawAnswer {
  /** The first complete response's status; 0 when the connection closed without one. */
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Every complete response on the connection, in order (the first is repeated above). */
  readonly responses: readonly RawResponse[];
  /** Bytes after the last complete response (a cut or unparsable answer), if any. */
  readonly leftover: number;
  readonly hung: boolean;
}

export interface RawRequestSpec {
  readonly method: string;
  readonly target: string;
  /** Sent in order, exactly as given (names and values unchecked). */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body?: Buffer;
  /** Replaces the whole request (garbage that is not HTTP at all). */
  readonly wire?: Buffer;
  /** Ends our side after writing (FIN), as a client that gives up mid-body does. */
  readonly halfClose?: boolean;
}

/** Sends the request and collects answers until the server ends the connection (or the timeout: hung). */
export function sendWire(port: number, spec: RawRequestSpec, timeoutMs = 15_000): Promise<RawAnswer> {
  const head = `${spec.method} ${spec.target} HTTP/1.1\r\n${spec.headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  const wire = spec.wire ?? Buffer.concat([Buffer.from(head, 'latin1'), spec.body ?? Buffer.alloc(0)]);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (hung: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const { responses, leftover } = parseAll(Buffer.concat(chunks));
      const first = responses[0];
      resolve({
        status: first?.status ?? 0,
        headers: first?.headers ?? {},
        body: first?.body ?? '',
        responses,
        leftover,
        hung,
      });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // the server's FIN: everything it will ever answer on this connection has arrived
    socket.on('end', () => finish(false));
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    // the server may answer (413, 400) before all is written: that is fine
    if (spec.halfClose) socket.end(wire);
    else socket.write(wire, () => undefined);
  });
}

function parseAll(buf: Buffer): { responses: RawResponse[]; leftover: number } {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < buf.length) {
    const end = buf.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const lines = buf.subarray(at, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!m) break;
    const headers: Record<string, string> = {};
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':');
      if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? NaN);
    // every answer of this server carries a Content-Length; one without it would run to the close
    const bodyEnd = Number.isFinite(length) ? end + 4 + length : buf.length;
    if (bodyEnd > buf.length) break;
    responses.push({ status: Number(m[1]), headers, body: buf.subarray(end + 4, bodyEnd).toString('utf8') });
    at = bodyEnd;
  }
  return { responses, leftover: buf.length - at };
}
