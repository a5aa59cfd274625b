// Writing responses: CORS on every one (protocol.md §2), the request id echoed, JSON bodies
// with an exact Content-Length.
import type { ServerResponse } from 'node:http';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { whenDrained } from '../../shared/protocol/drain.js';
import type { ErrorBody } from '../../shared/types.js';

/**
 * Seconds a client told 1018 (busy) waits before it tries again, whatever made the server
 * busy: long enough for a body or two to be judged, short enough that a database back from
 * an outage is used again soon.
 */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Service-IrbX-Date, Service-IrbX-Request-Id',
  'Access-Control-Expose-Headers': 'Location, Service-IrbX-Request-Id',
  'Access-Control-Max-Age': '600',
};

export function setCommonHeaders(res: ServerResponse, requestId: string | undefined): void {
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
  if (requestId !== undefined) res.setHeader('Service-IrbX-Request-Id', requestId);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', text.length);
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

export function sendBytes(res: ServerResponse, status: number, contentType: string, bytes: Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

export function sendEmpty(res: ServerResponse, status: number, extra: Record<string, string> = {}): void {
  res.statusCode = status;
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.setHeader('Content-Length', 0);
  res.end();
}

/** Every 1018 says when to try again: here, so no refusal can leave it out. */
export function sendError(res: ServerResponse, body: ErrorBody): void {
  sendJson(
    res,
    body.status,
    body,
    body.code === ERROR_CODES.busy.code ? { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } : {},
  );
}

/**
 * Waits until the socket takes more of a long answer. False when the client went away:
 * nothing more to send, and nothing to report (the request log says the answer was not
 * sent). The connection's own 'close' counts too: an answer queued behind another on the
 * same connection (pipelining) never sees 'drain' or 'close' of its own.
 */
export async function roomToWrite(res: ServerResponse): Promise<boolean> {
  return (await whenDrained(res, [res.req.socket])) === 'drained';
}
