// How every request to the exchange service is sent (docs/protocol.md): signed (all but GET
// /ping), with its payload hash announced, retried when idempotent or when the exchange never
// took its whole body, sent once more corrected after a clock-skew refusal (code
// 2004), sent again after the Retry-After wait when the service is busy (code 1018), and sent
// once more when the service cut its body as too slow (code 1021). The endpoints themselves
// are ExchangeClient's (exchange-client.ts).
import http from 'node:http';
import https from 'node:https';
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  CONTENT_HASH_HEADER,
  EMPTY_PAYLOAD_HASH,
  signRequest,
  type RequestSigner,
} from '../../shared/protocol/signing.js';
import { AnswerError, type Check } from './answers.js';
import { defaultUserAgent } from './app-info.js';
import { ExchangeError, NetworkError, CancelledError } from './exchange-errors.js';
import { MAX_ERROR_BODY_BYTES, MAX_JSON_RESPONSE_BYTES } from '../../shared/limits.js';
import { readAll, sendRequest, TransportError, type RequestBody } from './http-transport.js';
import { readJsonStreaming } from './json-reader.js';
import { parseIsoTimestamp } from './timestamps.js';

interface RetryPolicy {
  /** Total tries for GET/PUT/DELETE (POST always gets one). */
  readonly attempts: number;
  readonly baseDelayMs: number;
  /**
   * How long, in all, to keep waiting out busy refusals (1018) of one request, each wait as its
   * Retry-After asks; any method. Default 5 minutes: uploads of one organization beyond the
   * service's limit wait their turn instead of failing (the app may run 8 at once, the
   * reference server takes 4 per organization by default).
   */
  readonly busyWaitMs?: number;
}

export interface ExchangeClientOptions {
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly signer: RequestSigner;
  readonly userAgent?: string;
  readonly retry?: RetryPolicy;
  /** Extra CA (PEM) trusted for https. */
  readonly ca?: string | Buffer;
  /** Known offset of the server clock from ours (ms, server − local), e.g. remembered from a previous run. */
  readonly clockSkewMs?: number;
  /** Told whenever a 2004 refusal reveals the clock offset, so the UI can warn. */
  readonly onClockSkew?: (skewMs: number) => void;
  /** Local clock; tests move it. */
  readonly now?: () => number;
  readonly timeoutMs?: number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /**
   * Told each time the request waits for the exchange before sending again: it said it is busy
   * (503), or it closed the connection before taking the whole body (it refused the body part
   * way). The window says "waiting for the exchange" then, not "check the network".
   */
  readonly onWait?: (waitMs: number) => void;
}

export interface RequestSpec extends CallOptions {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: ReadonlyArray<readonly [string, string]>;
  readonly body?: RequestBody;
  readonly accept?: string;
  readonly signed?: boolean;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300 };
const DEFAULT_BUSY_WAIT_MS = 5 * 60_000;
/** The longest Retry-After obeyed; a larger one (or none) waits this long at most. */
const MAX_BUSY_WAIT_MS = 30_000;

/** Retry-After in seconds (or an HTTP date), as milliseconds to wait; 1 s when absent or unreadable. */
function retryAfterMs(res: IncomingMessage, now: number): number {
  const v = res.headers['retry-after'];
  const seconds =
    v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) * 1000 : v !== undefined ? Date.parse(v) - now : Number.NaN;
  return Math.min(MAX_BUSY_WAIT_MS, Number.isFinite(seconds) && seconds >= 0 ? seconds : 1000);
}

/** Waits after a body the exchange did not take whole: 1 s, then doubling up to 30 s (with jitter). */
function unsentBodyWaitMs(waitedSoFar: number): number {
  return Math.min(MAX_BUSY_WAIT_MS, Math.max(1000, waitedSoFar)) * (0.75 + Math.random() * 0.5);
}

function newRequestId(): string {
  return randomBytes(16).toString('hex');
}

export class ExchangeEngine {
  readonly baseUrl: URL;
  readonly organizationId: string;
  private readonly signer: RequestSigner;
  private readonly userAgent: string;
  private readonly retry: RetryPolicy;
  private readonly ca: string | Buffer | undefined;
  private readonly onClockSkew: ((skewMs: number) => void) | undefined;
  private readonly now: () => number;
  private readonly timeoutMs: number | undefined;
  private readonly agent: http.Agent;
  private skewMs: number;

  constructor(options: ExchangeClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:')
      throw new RangeError(`The exchange address must be http or https: ${options.baseUrl}`);
    // A base path (e.g. https://host/api) keeps its segments; every operation path is appended.
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    base.search = '';
    base.hash = '';
    this.baseUrl = base;
    this.organizationId = options.organizationId;
    this.signer = options.signer;
    this.userAgent = options.userAgent ?? defaultUserAgent();
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.ca = options.ca;
    this.onClockSkew = options.onClockSkew;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs;
    this.skewMs = options.clockSkewMs ?? 0;
    this.agent =
      base.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  /** Offset of the server clock from the local clock (ms, server − local) last learned. */
  get clockSkewMs(): number {
    return this.skewMs;
  }

  /** Closes idle keep-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  /** A JSON answer, read whole and checked. */
  async json<T>(check: Check<T>, spec: RequestSpec): Promise<T> {
    const { res, requestId } = await this.exchange({ accept: 'application/json', ...spec });
    const what = `${spec.method} /${spec.path}`;
    return check(await readAnswer(res, what, requestId, spec.signal, readJson), what);
  }

  async text(spec: RequestSpec): Promise<string> {
    const { res, requestId } = await this.exchange({ accept: 'text/plain', ...spec });
    const bytes = await readAnswer(res, `${spec.method} /${spec.path}`, requestId, spec.signal, (r) => readAll(r));
    return bytes.toString('utf8');
  }

  /** Sends with retries; resolves with a 2xx response whose body is still unread. */
  async exchange(spec: RequestSpec): Promise<{ res: IncomingMessage; requestId: string }> {
    const attempts = spec.method === 'POST' ? 1 : Math.max(1, this.retry.attempts);
    let failures = 0;
    let busyWaited = 0;
    let skewRetried = false;
    let slowRetried = false;
    for (;;) {
      const requestId = newRequestId();
      let res: IncomingMessage;
      try {
        res = await this.sendOnce(spec, requestId);
      } catch (error) {
        if (spec.signal?.aborted) throw new CancelledError(requestId);
        // The connection went before the whole body was handed over: the exchange cannot have
        // acted on it (POST included), and most likely refused it part way (a server that reads
        // bodies before it verifies them, over its budget). Wait, as for busy, and send again.
        const unsentWait = error instanceof TransportError && error.bodyUnsent ? unsentBodyWaitMs(busyWaited) : 0;
        if (unsentWait > 0 && busyWaited + unsentWait <= (this.retry.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS)) {
          busyWaited += unsentWait;
          spec.onWait?.(unsentWait);
          await this.wait(unsentWait, spec.signal);
          continue;
        }
        const networkError = new NetworkError(
          `Could not reach the exchange at ${this.baseUrl.origin}: ${(error as Error).message}`,
          requestId,
          error,
        );
        failures += 1;
        if (failures < attempts) {
          await this.backoff(failures, spec.signal);
          continue;
        }
        throw networkError;
      }
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) return { res, requestId };
      const error = await readExchangeError(res, requestId, spec.method, spec.path);
      // The service refused the request before acting on it, so a corrected retry is safe even for POST.
      if (error.code === 2004 && !skewRetried) {
        const skew = serverSkew(res, error.details, this.now());
        if (skew !== undefined) {
          skewRetried = true;
          this.skewMs = skew;
          this.onClockSkew?.(skew);
          continue;
        }
      }
      // Too slow (1021): the service cut the body before it acted on anything, so sending it
      // once more is safe, POST too; a second cut says the link is too slow, and is the answer.
      if (error.code === 1021 && !slowRetried) {
        slowRetried = true;
        continue;
      }
      // Busy (1018, or a 503 whose body broke off as the connection closed) is said before the
      // service acts on anything: safe to send again, POST too, once the wait it asks for has passed.
      const busy = error.code === 1018 || (status === 503 && error.code === 0);
      const busyWait = busy ? retryAfterMs(res, Date.now()) * (1 + Math.random() * 0.25) : 0;
      if (busy && busyWaited + busyWait <= (this.retry.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS)) {
        busyWaited += busyWait;
        spec.onWait?.(busyWait);
        await this.wait(busyWait, spec.signal);
        continue;
      }
      failures += 1;
      if (error.retryable && failures < attempts) {
        await this.backoff(failures, spec.signal);
        continue;
      }
      throw error;
    }
  }

  private async sendOnce(spec: RequestSpec, requestId: string): Promise<IncomingMessage> {
    const url = new URL(this.baseUrl.href);
    url.pathname = this.baseUrl.pathname + spec.path;
    if (spec.query && spec.query.length > 0)
      url.search = new URLSearchParams(spec.query.map(([k, v]): [string, string] => [k, v]))
        .toString()
        .replace(/\+/g, '%20');
    const target = url.pathname + url.search;
    const headers: Record<string, string> = { 'User-Agent': this.userAgent };
    if (spec.accept) headers.Accept = spec.accept;
    const body = spec.body;
    if (spec.signed === false) {
      if (body) headers['Content-Type'] = body.contentType;
    } else {
      // the payload hash announced and signed, so the exchange verifies the request before it
      // reads the body; with Expect: 100-continue a refusal comes before the body is sent (decisions §1)
      const extra: [string, string][] = body
        ? [
            ['Content-Type', body.contentType],
            [CONTENT_HASH_HEADER, bodyHash(body)],
          ]
        : [];
      if (body) headers.Expect = '100-continue';
      const signed = signRequest(
        {
          method: spec.method,
          target,
          host: url.host,
          organizationId: this.organizationId,
          requestId,
          date: new Date(this.now() + this.skewMs),
          payloadHash: body ? bodyHash(body) : EMPTY_PAYLOAD_HASH,
          extraSignedHeaders: extra,
        },
        this.signer,
      );
      Object.assign(headers, signed.headers);
      if (body && !hasHeader(headers, 'content-type')) headers['Content-Type'] = body.contentType;
    }
    return sendRequest({
      url,
      method: spec.method,
      headers,
      body,
      signal: spec.signal,
      agent: this.agent,
      ca: this.ca,
      timeoutMs: this.timeoutMs,
    });
  }

  private backoff(failures: number, signal?: AbortSignal): Promise<void> {
    return this.wait(this.retry.baseDelayMs * 2 ** (failures - 1) * (0.75 + Math.random() * 0.5), signal);
  }

  private wait(delay: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, delay);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(new CancelledError(''));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * Reads a 2xx answer's body, saying a failure as what it is: an answer that broke off (the
 * connection closed part way: a network failure, retryable) or text that is not JSON, rather
 * than the socket's bare "aborted".
 */
export async function readAnswer<T>(
  res: IncomingMessage,
  what: string,
  requestId: string,
  signal: AbortSignal | undefined,
  read: (res: IncomingMessage) => Promise<T>,
): Promise<T> {
  try {
    return await read(res);
  } catch (e) {
    if (signal?.aborted) throw new CancelledError(requestId);
    if (e instanceof SyntaxError)
      throw new AnswerError('malformed', `The exchange's answer to ${what} broke off or is not JSON: ${e.message}.`);
    if (e instanceof TransportError) throw e;
    throw new NetworkError(`The exchange's answer to ${what} broke off: ${(e as Error).message}`, requestId, e);
  }
}

export function readJson(res: IncomingMessage): Promise<unknown> {
  return readJsonStreaming(res, MAX_JSON_RESPONSE_BYTES);
}

async function readExchangeError(
  res: IncomingMessage,
  requestId: string,
  method: string,
  path: string,
): Promise<ExchangeError> {
  const status = res.statusCode ?? 0;
  let body: Partial<{ code: unknown; message: unknown; details: unknown }> = {};
  let raw = '';
  try {
    raw = (await readAll(res, MAX_ERROR_BODY_BYTES)).toString('utf8');
    body = JSON.parse(raw) as typeof body;
  } catch {
    // Not the service's JSON (a proxy's page, say): keep the status and a piece of the text.
  }
  const echoed = res.headers['service-irbx-request-id'];
  return new ExchangeError({
    status,
    code: typeof body.code === 'number' ? body.code : 0,
    message: typeof body.message === 'string' ? body.message : `HTTP ${status} ${res.statusMessage ?? ''}`.trim(),
    details: typeof body.details === 'string' ? body.details : raw.slice(0, 200),
    requestId: typeof echoed === 'string' && echoed !== '' ? echoed : requestId,
    method,
    path: '/' + path,
  });
}

/** Server − local clock from the Date header, else from a time in the error details. */
function serverSkew(res: IncomingMessage, details: string, localNow: number): number | undefined {
  const dateHeader = res.headers.date;
  let server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(server)) {
    const match = /\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})/.exec(details);
    server = match ? (parseIsoTimestamp(match[0]) ?? Number.NaN) : Number.NaN;
  }
  return Number.isNaN(server) ? undefined : server - localNow;
}

function bodyHash(body: RequestBody): string {
  return body.kind === 'bytes' ? createHash('sha256').update(body.bytes).digest('hex') : body.sha256;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}
