// One HTTP exchange over node:http/https, with streaming bodies both ways. No retries and
// no signing here: the exchange client decides those; this only moves bytes (and waits for
// "100 Continue" when asked to, so a refusal comes before the body).
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { whenDrained } from '../../shared/protocol/drain.js';

/** A request body: small bodies as bytes, large ones re-openable (a retry reads it again). */
export type RequestBody =
  | { readonly kind: 'bytes'; readonly bytes: Buffer; readonly contentType: string }
  | {
      readonly kind: 'stream';
      readonly length: number;
      /** Lower-case hex SHA-256 of every byte open() yields; it is signed, so known beforehand. */
      readonly sha256: string;
      readonly contentType: string;
      readonly open: () => Readable;
      /** Called once a chunk open() yielded has been handed to the socket: the body may fill it again. */
      readonly written?: (chunk: Buffer) => void;
    };

interface TransportRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: OutgoingHttpHeaders;
  readonly body?: RequestBody;
  readonly signal?: AbortSignal;
  readonly agent?: http.Agent;
  /** Extra trust for https (a private CA); never turns verification off. */
  readonly ca?: string | Buffer;
  readonly timeoutMs?: number;
}

export class TransportError extends Error {
  readonly code: string | undefined;
  /**
   * The connection failed part way through the body: the exchange cannot have acted on the
   * request (it never had the body it signs), so sending it again is safe, POST too. A connection
   * that closed before any of the body went, without an answer, is not this: nothing refused it.
   */
  readonly bodyUnsent: boolean;
  constructor(message: string, cause?: unknown, bodyUnsent = false) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'TransportError';
    this.code = (cause as { code?: string } | undefined)?.code;
    this.bodyUnsent = bodyUnsent;
  }
}

/**
 * How long a request that sent `Expect: 100-continue` waits for "continue" before sending its
 * body anyway (RFC 9110 §10.1.1: a server that does not know the expectation never says it).
 */
const CONTINUE_WAIT_MS = 5000;

function expectsContinue(headers: OutgoingHttpHeaders): boolean {
  return Object.entries(headers).some(([k, v]) => k.toLowerCase() === 'expect' && String(v) === '100-continue');
}

/**
 * No connection could be made at all: the exchange is not there (or not reachable), which is a
 * network failure to report, not a refusal part way through a body to wait out and send again.
 */
const UNREACHABLE: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
function refusedConnection(error: unknown): boolean {
  return UNREACHABLE.has((error as { code?: unknown } | undefined)?.code as string);
}

/**
 * Sends the request and resolves with the response once its head arrives; the body is the
 * caller's to read. With `Expect: 100-continue` the body goes only once the exchange says
 * "continue", and an answer that comes first (a refusal) is the answer: the body is never sent.
 * An answer that comes while the body is being sent is the answer too, not a broken connection.
 */
export function sendRequest(req: TransportRequest): Promise<IncomingMessage> {
  const isHttps = req.url.protocol === 'https:';
  const lib = isHttps ? https : http;
  const headers: OutgoingHttpHeaders = { ...req.headers };
  if (req.body) headers['Content-Length'] = String(req.body.kind === 'bytes' ? req.body.bytes.length : req.body.length);
  const waitForContinue = req.body !== undefined && expectsContinue(headers);
  return new Promise<IncomingMessage>((resolve, reject) => {
    let settled = false;
    // 'waiting': for "continue"; 'sending': the body is going out; 'sent': all of it was handed over
    let body: 'waiting' | 'sending' | 'sent' = 'waiting';
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(continueTimer);
      reject(
        error instanceof TransportError
          ? error
          : new TransportError(
              messageOf(error),
              error,
              // cut part way through the body (a refusal to wait out); a connection that closed
              // before any of it went, with no answer, is an exchange gone away: a network failure
              req.body !== undefined && body === 'sending' && !refusedConnection(error),
            ),
      );
    };
    const outgoing = lib.request(
      req.url,
      {
        method: req.method,
        headers,
        signal: req.signal,
        agent: req.agent,
        ...(isHttps && req.ca ? { ca: req.ca } : {}),
        ...(req.timeoutMs ? { timeout: req.timeoutMs } : {}),
      },
      (res) => {
        if (settled) {
          res.resume();
          return;
        }
        settled = true;
        clearTimeout(continueTimer);
        // refused before the body went: it never will, and the connection is not reused
        if (body === 'waiting' && req.body) res.once('close', () => outgoing.destroy());
        resolve(res);
      },
    );
    outgoing.on('error', fail);
    outgoing.on('timeout', () => outgoing.destroy(new TransportError('The exchange did not answer in time.')));
    const sendBody = (): void => {
      clearTimeout(continueTimer);
      if (body !== 'waiting' || settled) return;
      body = 'sending';
      const b = req.body;
      if (!b) {
        body = 'sent';
        outgoing.end();
      } else if (b.kind === 'bytes') {
        outgoing.end(b.bytes, () => (body = 'sent'));
      } else {
        const sending = b.written ? pump(b.open(), outgoing, b.written) : pipeline(b.open(), outgoing);
        sending.then(
          () => (body = 'sent'),
          (error: unknown) => {
            // an answer already in (the exchange refused part way) stays readable: it is the answer
            if (settled) return;
            outgoing.destroy();
            fail(error instanceof TransportError ? new TransportError(error.message, error, true) : error);
          },
        );
      }
    };
    const continueTimer = waitForContinue ? setTimeout(sendBody, CONTINUE_WAIT_MS) : undefined;
    if (waitForContinue) {
      outgoing.on('continue', sendBody);
      outgoing.flushHeaders();
    } else sendBody();
  });
}

/**
 * pipeline(), plus a callback per chunk once the socket has it (write's callback), so the
 * body can reuse its blocks instead of making 1 MiB of garbage per block.
 */
async function pump(source: Readable, out: http.ClientRequest, written: (chunk: Buffer) => void): Promise<void> {
  try {
    for await (const chunk of source) {
      const buf = chunk as Buffer;
      const more = out.write(buf, (error) => {
        if (!error) written(buf);
      });
      if (!more) await drained(out, closedEarly);
    }
    await new Promise<void>((resolve, reject) => {
      if (out.destroyed) return reject(closedEarly());
      // 'close' too: a request destroyed before it finishes may never call end's callback
      const onClose = (): void => reject(closedEarly());
      out.once('error', reject);
      out.once('close', onClose);
      out.end(() => {
        out.off('error', reject);
        out.off('close', onClose);
        resolve();
      });
    });
  } finally {
    source.destroy();
  }
}

/** Resolves on 'drain'; rejects with the stream's error, or with `closedEarly()` when it closes (or has closed) first. */
async function drained(out: Writable, closedEarly: () => Error): Promise<void> {
  const end = await whenDrained(out);
  if (end === 'closed') throw closedEarly();
  if (end instanceof Error) throw end;
}

function closedEarly(): TransportError {
  return new TransportError('The connection closed while the request was being sent.');
}

/** A response body's chunks as Buffers, refusing (and closing) one that grows past the limit. */
export async function* limitedChunks(res: Readable, limit: number): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of res) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      res.destroy();
      throw new TransportError(`The response is larger than ${limit} bytes.`);
    }
    yield buf;
  }
}

/** Reads a whole (small) response body. */
export async function readAll(res: Readable, limit = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const buf of limitedChunks(res, limit)) chunks.push(buf);
  return Buffer.concat(chunks);
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    if (error.name === 'AbortError' || code === 'ABORT_ERR') return 'The request was cancelled.';
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

export function bytesBody(value: unknown, contentType = 'application/json'): RequestBody {
  const bytes = Buffer.isBuffer(value)
    ? value
    : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');
  return { kind: 'bytes', bytes, contentType };
}
