// Test helper: signed requests sent with node:http so every header is under the test's
// control (tampering, omissions, skewed dates, replays).
import { createHash, randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { keySigner, signRequest, type HeaderList } from '../../shared/protocol/signing.js';

export interface TestOrg {
  readonly id: string;
  readonly keyPem: string;
}

export interface TestResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json<T = any>(): T;
}

export interface RawRequest {
  readonly method: string;
  readonly path: string;
  /** Sent exactly as given (null values are not sent). */
  readonly headers: Record<string, string | number | null>;
  readonly body?: Buffer;
  /** The loopback address to send from (127.0.0.0/8): another peer address for the server. */
  readonly localAddress?: string;
}

export function sendRaw(port: number, r: RawRequest): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(r.headers)) if (v !== null) headers[k] = v;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: r.method,
        path: r.path,
        headers,
        setHost: false,
        // a connection of its own: a kept-alive one the server closes after its keep-alive
        // timeout may be reused at that very moment (ECONNRESET) on a loaded machine
        agent: false,
        ...(r.localAddress ? { localAddress: r.localAddress } : {}),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
        });
      },
    );
    // the server may answer and close before the whole body is sent (413 and the like)
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (r.body) req.end(r.body);
    else req.end();
  });
}

export function newRequestId(): string {
  return randomBytes(16).toString('hex');
}

export function sha256Hex(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}

export interface SignedOptions {
  readonly method: string;
  readonly path: string;
  /** An object is sent as JSON with Content-Type application/json. */
  readonly body?: Buffer | string | object;
  readonly contentType?: string | null;
  readonly date?: Date;
  readonly requestId?: string;
  readonly host?: string;
  readonly userAgent?: string | null;
  readonly extraSignedHeaders?: HeaderList;
  /** More headers, sent but not signed; null removes one. */
  readonly headers?: Record<string, string | number | null>;
  /** The loopback address to send from: another peer address for the server. */
  readonly localAddress?: string;
  /** Changes the request after signing (attacks). */
  readonly tamper?: (r: {
    method: string;
    path: string;
    headers: Record<string, string | number | null>;
    body: Buffer;
  }) => void;
}

export class SignedClient {
  constructor(
    readonly port: number,
    private readonly now: () => number = Date.now,
  ) {}

  get host(): string {
    return `localhost:${this.port}`;
  }

  send(org: TestOrg, o: SignedOptions): Promise<TestResponse> {
    return sendRaw(this.port, this.signed(org, o));
  }

  /** The request as `send` would send it, for a test that sends it its own way. */
  signed(org: TestOrg, o: SignedOptions): RawRequest {
    let body: Buffer;
    let contentType = o.contentType;
    if (o.body === undefined) body = Buffer.alloc(0);
    else if (Buffer.isBuffer(o.body)) body = o.body;
    else if (typeof o.body === 'string') body = Buffer.from(o.body, 'utf8');
    else {
      body = Buffer.from(JSON.stringify(o.body), 'utf8');
      if (contentType === undefined) contentType = 'application/json';
    }
    const signed = signRequest(
      {
        method: o.method,
        target: o.path,
        host: o.host ?? this.host,
        organizationId: org.id,
        requestId: o.requestId ?? newRequestId(),
        date: o.date ?? new Date(this.now()),
        payloadHash: sha256Hex(body),
        ...(o.extraSignedHeaders ? { extraSignedHeaders: o.extraSignedHeaders } : {}),
      },
      keySigner(org.keyPem),
    );
    const headers: Record<string, string | number | null> = {
      'User-Agent': o.userAgent === undefined ? 'server-tests/1.0' : o.userAgent,
      ...signed.headers,
      ...(contentType ? { 'Content-Type': contentType } : {}),
      'Content-Length': body.length,
      ...(o.headers ?? {}),
    };
    const r = { method: o.method, path: o.path, headers, body };
    o.tamper?.(r);
    if (r.body !== body && r.headers['Content-Length'] === body.length) r.headers['Content-Length'] = r.body.length;
    return {
      method: r.method,
      path: r.path,
      headers: r.headers,
      body: r.body,
      ...(o.localAddress ? { localAddress: o.localAddress } : {}),
    };
  }

  get(org: TestOrg, path: string, more: Partial<SignedOptions> = {}): Promise<TestResponse> {
    return this.send(org, { method: 'GET', path, ...more });
  }

  post(
    org: TestOrg,
    path: string,
    body: object | Buffer | string = {},
    more: Partial<SignedOptions> = {},
  ): Promise<TestResponse> {
    return this.send(org, { method: 'POST', path, body, ...more });
  }

  put(
    org: TestOrg,
    path: string,
    body: object | Buffer | string,
    more: Partial<SignedOptions> = {},
  ): Promise<TestResponse> {
    return this.send(org, { method: 'PUT', path, body, ...more });
  }

  delete(org: TestOrg, path: string, body?: object, more: Partial<SignedOptions> = {}): Promise<TestResponse> {
    return this.send(org, { method: 'DELETE', path, ...(body ? { body } : {}), ...more });
  }
}
