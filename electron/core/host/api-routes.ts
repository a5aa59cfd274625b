// The browser host's /api/ endpoints, in the order their checks apply: a download (cookie only),
// then Origin, sign-in, the session, the lock, and only then staging and the door's calls.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appError, invalidArgument, toAppError } from '../../../shared/app-error.js';
import type { Door } from '../ipc-door.js';
import { DOWNLOAD_PREFIX, type Downloads } from './downloads.js';
import type { HostAddress } from './host-address.js';
import { appLocked, type LockState } from './lock.js';
import { readJson, refuse, sendJson } from './responses.js';
import type { HostSessions } from './sessions.js';
import { stage, type Staging } from './staging.js';

/** Keys locked behind a passphrase the page asks for (lock.ts). */
export interface HostGate {
  state(): Promise<LockState>;
  unlock(passphrase: string): Promise<void>;
}

export interface ApiContext {
  readonly door: Door;
  readonly address: HostAddress;
  readonly sessions: HostSessions;
  readonly downloads: Downloads;
  readonly staging: Staging;
  readonly gate: HostGate | undefined;
  readonly onCodeSpent: (() => void) | undefined;
}

const codeUsed = () =>
  appError(
    'code-used',
    'This link was already used, or is not from this run of the app.',
    'Each start of the app prints a link that opens it once; start the app again for a new one.',
  );

export async function isLocked(gate: HostGate | undefined): Promise<boolean> {
  return !!gate && (await gate.state()) !== 'open';
}

export async function routeApi(ctx: ApiContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (url.pathname.startsWith(DOWNLOAD_PREFIX) && req.method === 'GET') {
    // A navigation, so no Origin and no secret: the cookie (SameSite=Strict) and the URL's secrecy are the check.
    if (!ctx.sessions.holdsCookie(req)) return refuse(res, 401, 'not signed in');
    return ctx.downloads.serve(res, url.pathname.slice(DOWNLOAD_PREFIX.length));
  }
  if (!ctx.address.originOk(req)) return refuse(res, 403, 'wrong Origin');
  if (url.pathname === '/api/session' && req.method === 'POST') return signIn(ctx, req, res);
  if (!ctx.sessions.holds(req)) return refuse(res, 401, 'not signed in');
  if ((url.pathname === '/api/lock' || url.pathname === '/api/unlock') && req.method === 'POST')
    return gateRoute(ctx.gate, req, res, url.pathname);
  if (await isLocked(ctx.gate)) {
    req.resume();
    return sendJson(res, 423, { ok: false, error: appLocked() });
  }
  if (url.pathname === '/api/stage' && req.method === 'PUT')
    return stage(ctx.staging, req, res, url, { url: req.headers.origin ?? '' });
  if (url.pathname.startsWith('/api/call/') && req.method === 'POST') return callRoute(ctx.door, req, res, url);
  return refuse(res, 404, 'unknown endpoint');
}

/**
 * POST /api/session {code?}: the page that holds the session stays signed in (a reload; the
 * code is not looked at); otherwise the one-time code buys the cookie and the secret. POST,
 * so the browser sends Origin (it does not on a same-origin GET).
 */
async function signIn(ctx: ApiContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (ctx.sessions.holds(req)) {
    req.resume();
    return sendJson(res, 200, { ok: true, value: {} });
  }
  let body: unknown;
  try {
    body = await readJson(req, 1024);
  } catch {
    return refuse(res, 400, 'malformed sign-in');
  }
  const issued = ctx.sessions.exchange((body as { code?: unknown } | null)?.code);
  if (!issued) return sendJson(res, 401, { ok: false, error: codeUsed() });
  ctx.onCodeSpent?.();
  sendJson(
    res,
    200,
    { ok: true, value: { secret: issued.secret } },
    { 'Set-Cookie': ctx.sessions.setCookie(issued.id) },
  );
}

/** POST /api/lock: the gate's state; POST /api/unlock {passphrase}: set it or check it. */
async function gateRoute(
  gate: HostGate | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  let body: unknown;
  try {
    body = await readJson(req, 4096);
  } catch {
    return refuse(res, 400, 'malformed request');
  }
  if (!gate) return sendJson(res, 200, { ok: true, value: { state: 'open' } });
  const passphrase = (body as { passphrase?: unknown } | null)?.passphrase;
  try {
    if (path === '/api/lock') return sendJson(res, 200, { ok: true, value: { state: await gate.state() } });
    await gate.unlock(typeof passphrase === 'string' ? passphrase : '');
    return sendJson(res, 200, { ok: true, value: { state: 'open' } });
  } catch (e) {
    return sendJson(res, 400, { ok: false, error: toAppError(e) });
  }
}

/** POST /api/call/<operation>: the door checks the operation and its arguments as it does Electron's. */
async function callRoute(door: Door, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let args: unknown;
  try {
    args = await readJson(req, 8 * 1024 * 1024);
  } catch (e) {
    return sendJson(res, 400, { ok: false, error: invalidArgument(String(e)) });
  }
  const operation = url.pathname.slice('/api/call/'.length);
  return sendJson(res, 200, await door.call({ url: req.headers.origin ?? '' }, operation, args));
}
