// The JSON media-type check lives in the router (routeBody), not in each handler: every
// route declared to take a JSON body meets it when it reaches for the body, and not before
// (protocol.md §2: the route's own checks of role, ownership and visibility come first).
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../routes/all-routes.js';
import { ApiError } from './api-error.js';
import type { ReadBody } from './body-reader.js';
import { routeBody } from './router.js';

function requestWith(contentType?: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  if (contentType !== undefined) req.headers['content-type'] = contentType;
  return req;
}

function bodyOf(text: string): ReadBody {
  const buffer = Buffer.from(text);
  return {
    payloadHash: '',
    byteLength: buffer.length,
    buffer,
    overCap: false,
    item: { fields: {}, sawContent: false, tempFile: 't', contentLength: 0, contentIsBase64: true },
  };
}

function codeOf(read: () => unknown): number | undefined {
  try {
    read();
    return undefined;
  } catch (e) {
    return e instanceof ApiError ? e.body().code : -1;
  }
}

const jsonRoutes = ALL_ROUTES.filter((r) => r.body === 'json' || r.body === 'item');

describe('routeBody', () => {
  it('covers every route that takes a JSON body', () => {
    // the item writes and the JSON endpoints of protocol.md §2: a new one is covered by declaring it
    expect(jsonRoutes.length).toBeGreaterThanOrEqual(10);
  });

  it.each(jsonRoutes.map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    '%s: another media type is 1017 once the body is reached, not before',
    (_, route) => {
      const body = routeBody(route, requestWith('text/plain'), bodyOf('{}'));
      // what the route may look at before its own checks are done
      expect(body.byteLength).toBe(2);
      expect(codeOf(() => body.buffer)).toBe(1017);
      expect(codeOf(() => body.item)).toBe(1017);
      expect(codeOf(() => routeBody(route, requestWith(), bodyOf('{}')).buffer)).toBe(1017);
    },
  );

  it('lets JSON through, with parameters and in any case; an empty body needs no type', () => {
    const route = jsonRoutes[0]!;
    expect(routeBody(route, requestWith('Application/JSON; charset=utf-8'), bodyOf('{"a":1}')).buffer?.toString()).toBe(
      '{"a":1}',
    );
    expect(codeOf(() => routeBody(route, requestWith(), bodyOf('')).buffer)).toBeUndefined();
  });

  it('leaves a certificate (raw) body to its route, which names its own media types (1004)', () => {
    const raw = ALL_ROUTES.find((r) => r.body === 'raw')!;
    expect(routeBody(raw, requestWith('text/plain'), bodyOf('x')).buffer?.toString()).toBe('x');
  });
});
