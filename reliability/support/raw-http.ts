// One HTTP/1.1 exchange over a bare socket, so anything can be sent: lying Content-Length,
// duplicate or malformed headers, NUL bytes in the target. Reads the first response (the
// request asks for Connection: close) and reports a hang as such.
import { connect } from 'node:net';

export interface RawAnswer {
  /** 0 when the connection closed without a complete response. */
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
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
      resolve({ ...parse(Buffer.concat(chunks)), hung });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const got = parse(Buffer.concat(chunks));
      if (got.complete) finish(false);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    // the server may answer (413, 400) and close before all is written: that is fine
    if (spec.halfClose) socket.end(wire);
    else socket.write(wire, () => undefined);
  });
}

function parse(buf: Buffer): { status: number; headers: Record<string, string>; body: string; complete: boolean } {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '', complete: false };
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = buf.subarray(end + 4);
  const complete = Number.isFinite(length) && body.length >= length;
  return { status: complete && m ? Number(m[1]) : 0, headers, body: body.subarray(0, Number.isFinite(length) ? length : body.length).toString('utf8'), complete };
}
