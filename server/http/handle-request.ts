// The request pipeline: CORS preflight, anonymous ping, authentication, size limit, then
// either (payload hash announced and signed) signature, replay, disabled, query, role and the
// route's own header checks (visibility, ownership, reserved paths: Route.beforeBody) before
// the body, and the body checked against the announced hash as it streams; or
// (nothing announced) the body within the unverified budget, hashed as it streams, then
// signature, replay and disabled, the query and the route's declared role. Then the route
// itself (ownership and visibility before the body's fields, protocol.md §2 "Order of checks").
// Every response carries CORS headers and echoes the request id; every refusal is an error body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import type { AppContext } from './context.js';
import { ApiError, internalErrorBody } from './api-error.js';
import { CONTENT_HASH_HEADER } from '../../shared/protocol/signing.js';
import { announcedPayloadHash, authenticate, verifySignature, type Caller } from './authenticate.js';
import { BodyAbortedError, readBody, type ReadBody } from './body-reader.js';
import { belowBasePath } from './base-path.js';
import { budgetPeer, peerAddress } from './peer-address.js';
import type { Holder } from './unverified-budget.js';
import { sendEmpty, sendError, sendText, setCommonHeaders } from './responses.js';
import { readQuery } from './query.js';
import { matchRoute, requireDeclaredRole, requireJsonType, routeBody, splitTarget, type Route } from './router.js';
import { StoreBusyError, StoreOutcomeUnknownError, StoreUnavailableError } from '../store/store.js';

const ECHOABLE = /^[\x21-\x7e]{1,128}$/;

function echoedRequestId(req: IncomingMessage): string | undefined {
  const v = req.headers['service-irbx-request-id'];
  const s = Array.isArray(v) ? v[0] : v;
  return s !== undefined && ECHOABLE.test(s.trim()) ? s.trim() : undefined;
}

function hasBody(req: IncomingMessage): boolean {
  const len = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (len !== undefined && len !== '0');
}

/**
 * A refusal before the body has all arrived. A body within the limit is read to its end and
 * dropped before the answer goes out, so the client is never answered (and the connection
 * never closed) while it is still sending: that resets the connection, and the client sees a
 * network error instead of the answer. A body over the limit is not worth reading: the answer
 * goes at once and the connection closes.
 */
async function refuseRestOfBody(req: IncomingMessage, res: ServerResponse, overLimit: boolean): Promise<void> {
  if (overLimit) {
    res.setHeader('Connection', 'close');
    req.resume();
    return;
  }
  if (req.readableEnded) return;
  await new Promise<void>((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}

function expectsContinue(req: IncomingMessage): boolean {
  return /^\s*100-continue\s*$/i.test(req.headers.expect ?? '');
}

/** A client that sent `Expect: 100-continue` is told to send its body now (the server's checks before it passed). */
function sendContinue(req: IncomingMessage, res: ServerResponse): boolean {
  if (!expectsContinue(req)) return false;
  res.writeContinue();
  return true;
}

function awaitsContinue(req: IncomingMessage, continued: boolean): boolean {
  return expectsContinue(req) && !continued;
}

export function createRequestHandler(app: AppContext, routes: readonly Route[]) {
  return async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const requestId = echoedRequestId(req);
    let orgId = '-';
    // logged on 'close', not 'finish': a request whose answer never left (the connection went
    // first) is logged too, marked as such, so no effect of a request goes unrecorded
    // (an answer queued behind another on the same connection sees no 'close' of its own
    // when the connection goes: the connection's 'close' counts then)
    const socket = req.socket;
    let done = false;
    const logged = (): void => {
      // both may fire in one emit (the connection's 'close' closes the answer first)
      if (done) return;
      done = true;
      res.off('close', logged);
      socket.off('close', logged);
      const path = splitTarget(req.url ?? '/').path;
      const status = res.headersSent ? String(res.statusCode) : '-';
      const unsent = res.writableFinished ? '' : ' (answer not sent)';
      app.log(
        `${req.method} ${path.length > 300 ? `${path.slice(0, 300)}...` : path} ${status}${unsent} ${Date.now() - started}ms org=${orgId} request=${requestId ?? '-'}`,
      );
    };
    res.once('close', logged);
    socket.once('close', logged);
    setCommonHeaders(res, requestId);
    // The Date header tells clients the server's time (they correct clock skew from it), so
    // it comes from the same clock that judges the request window.
    res.setHeader('Date', new Date(app.now()).toUTCString());
    let body: ReadBody | undefined;
    // what this request holds of the budget for unverified work, given back when it ends
    const held: Holder = { peer: budgetPeer(peerAddress(req, app.trustedProxies)), bytes: 0 };
    let uploadOf: string | undefined;
    // whether the client that asked to wait (Expect: 100-continue) was told to send its body
    let continued = false;
    // a refusal's temporary file goes before the answer does (nothing of it outlives the answer)
    const removeTempFile = (): void => {
      if (body?.item) rmSync(body.item.tempFile, { force: true });
    };
    try {
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') return sendEmpty(res, 204);
      // A fragment is never part of a request; the signature would not cover it.
      if ((req.url ?? '').includes('#')) throw new ApiError('invalidValue', 'The request target holds a fragment (#).');
      const { path: fullPath, query } = splitTarget(req.url ?? '/');
      // the signature covers the whole path; the routes are matched below the base path
      const path = belowBasePath(fullPath, app.basePath);
      const match = path === undefined ? undefined : matchRoute(routes, method, path);
      if (match?.route.anonymous) return sendText(res, 200, 'pong');

      const now = app.now();
      const caller: Caller = await authenticate(req, app.store, app.hostName, now);
      orgId = caller.org.id;
      const declared = Number(req.headers['content-length'] ?? '0');
      if (Number.isFinite(declared) && declared > app.maxRequestBytes) {
        throw new ApiError('tooLarge', `Content-Length ${declared} is over the limit of ${app.maxRequestBytes} bytes.`);
      }
      const kind = match?.route.body === 'item' ? 'item' : 'buffer';
      const announced = app.announcedHash ? announcedPayloadHash(req, caller) : undefined;
      let params: ReturnType<typeof readQuery>;
      if (announced !== undefined) {
        // Verified from its headers (decisions §1, payload hash announced): refused, if at all,
        // before a byte of the body is read, and never counted against the unverified budget.
        await verifySignature(req, app.store, caller, announced, app.now());
        params = readQuery(query);
        if (!match) throw new ApiError('notFound', `Nothing is at ${method} ${fullPath}.`);
        requireDeclaredRole(match.route, caller);
        // everything the route can refuse without the body, refused before the client sends it
        await match.route.beforeBody?.({
          req,
          res,
          app,
          caller,
          params: match.params,
          rest: match.rest,
          query: params,
        });
        // the body's media type comes next (protocol.md §2), and its header says it already
        requireJsonType(match.route, req, Number.isFinite(declared) ? declared : 0);
        continued = sendContinue(req, res);
        body = await readBody(req, kind, app.tmpDir, { limit: app.maxRequestBytes });
        // nothing of a body that is not the one signed is kept (its temporary file goes below)
        if (body.payloadHash !== announced)
          throw new ApiError(
            'signatureMismatch',
            `The body's SHA-256 is ${body.payloadHash}, not the ${announced} its ${CONTENT_HASH_HEADER} header announced.`,
          );
      } else {
        // Bounded before a byte of the body is read (docs/protocol.md §6): uploads of the
        // claimed organization from this peer at once, and bytes of unverified bodies, from
        // this peer and in all, reserved as they arrive (a Content-Length is only a claim);
        // and the body must keep coming at a pace, for 10 minutes at most.
        const isUpload = match?.route.body === 'item' && hasBody(req);
        if (isUpload) {
          app.unverified.startUpload(caller.org.id, held.peer);
          uploadOf = caller.org.id;
        }
        const admit = (total: number): void => app.unverified.reserve(held, total - held.bytes);
        continued = sendContinue(req, res);
        body = await readBody(req, kind, app.tmpDir, {
          limit: app.maxRequestBytes,
          admit,
          pace: app.bodyPace,
        });
        await verifySignature(req, app.store, caller, body.payloadHash, app.now());
        // verified: its bytes no longer count against what unverified bodies may hold
        app.unverified.release(held);
        params = readQuery(query);
        if (!match) throw new ApiError('notFound', `Nothing is at ${method} ${fullPath}.`);
        requireDeclaredRole(match.route, caller);
      }
      await match.route.handle({
        req,
        res,
        app,
        caller,
        params: match.params,
        rest: match.rest,
        query: params,
        body: routeBody(match.route, req, body),
      });
    } catch (e) {
      if (e instanceof BodyAbortedError) {
        res.destroy();
        return;
      }
      if (res.headersSent) {
        app.log(`error after the response started: ${(e as Error).stack ?? String(e)}`);
        res.destroy();
        return;
      }
      removeTempFile();
      // a body over the size or the budget is not read on: reading it is the cost refused
      const notWorthReading =
        e instanceof ApiError && (e.kind === 'tooLarge' || e.kind === 'busy' || e.kind === 'bodyTooSlow');
      // a client still waiting for 100 Continue never sends the body: the answer is the refusal
      if (!req.complete && hasBody(req))
        await refuseRestOfBody(req, res, notWorthReading || awaitsContinue(req, continued));
      if (res.destroyed) return;
      if (e instanceof ApiError) {
        sendError(res, e.body());
      } else if (e instanceof StoreBusyError) {
        sendError(res, new ApiError('busy', e.message).body());
      } else if (e instanceof StoreOutcomeUnknownError) {
        app.log(`write outcome unknown: ${e.message}`);
        sendError(
          res,
          new ApiError(
            'internal',
            'The database connection broke while the change was being saved; whether it was saved is unknown. Look before sending it again.',
          ).body(),
        );
      } else if (e instanceof StoreUnavailableError) {
        // the database is down or unreachable: nothing was done; the client may try again soon
        app.log(`store unavailable: ${e.message}`);
        sendError(res, new ApiError('busy', 'The exchange cannot reach its database; try again shortly.').body());
      } else {
        app.log(`unexpected error: ${(e as Error).stack ?? String(e)}`);
        sendError(res, internalErrorBody());
      }
    } finally {
      removeTempFile();
      app.unverified.release(held);
      if (uploadOf !== undefined) app.unverified.endUpload(uploadOf, held.peer);
    }
  };
}
