// A small router: patterns of literal segments, `:name` parameters and a trailing `*`
// that takes the rest (zero or more raw segments, for item paths).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RootEndpoint } from '../../shared/types.js';
import type { AppContext } from './context.js';
import { ApiError } from './api-error.js';
import type { Caller } from './authenticate.js';
import type { ReadBody } from './body-reader.js';
import type { QueryParams } from './query.js';

/**
 * none: no body expected (any is hashed and ignored); json: small JSON object; item: item
 * write payload; raw: certificate bytes. A json or item route reaches its body only through
 * the media-type check (routeBody).
 */
type BodyMode = 'none' | 'json' | 'item' | 'raw';

export interface RouteContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly app: AppContext;
  readonly caller: Caller;
  readonly params: Readonly<Record<string, string>>;
  /** Raw (still percent-encoded) segments matched by `*`. */
  readonly rest: readonly string[];
  /** The verified query, decoded as signed (query.ts). */
  readonly query: QueryParams;
  readonly body: ReadBody;
}

/** Everything of a request but its body: what a route may decide before the body is read. */
export type HeaderContext = Omit<RouteContext, 'body'>;

export interface Route {
  readonly method: RootEndpoint['method'];
  readonly pattern: string;
  /** How the root document shows the path. */
  readonly display?: string;
  readonly body: BodyMode;
  /** Who may call it: the root document shows them and the pipeline enforces them (requireDeclaredRole). */
  readonly roles: RootEndpoint['roles'];
  readonly anonymous?: boolean;
  /**
   * The route's refusals that need only the headers and the store (visibility, ownership,
   * reserved paths, the target's existence). When the body's hash was announced, the pipeline
   * runs them before it says "100 Continue", so a refused body is never sent. The handler
   * makes the same checks again (by the same function) once the body is there: a body may take
   * minutes, and access may change meanwhile.
   */
  beforeBody?(ctx: HeaderContext): Promise<unknown>;
  handle(ctx: RouteContext): void | Promise<void>;
}

interface Match {
  readonly route: Route;
  readonly params: Record<string, string>;
  readonly rest: string[];
}

// The verifier's own split, so the server acts on exactly the path and query it verified.
export { splitTarget } from '../../shared/protocol/signing.js';

function pathSegments(path: string): string[] {
  const segments = path.split('/').slice(1);
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  if (segments.length === 1 && segments[0] === '') return [];
  return segments;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): Match | undefined {
  const segments = pathSegments(path);
  for (const route of routes) {
    if (route.method !== method) continue;
    const m = matchPattern(route.pattern, segments);
    if (m) return { route, ...m };
  }
  return undefined;
}

function matchPattern(
  pattern: string,
  segments: string[],
): { params: Record<string, string>; rest: string[] } | undefined {
  const parts = pathSegments(pattern);
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p === '*') return { params, rest: segments.slice(i) };
    const s = segments[i];
    if (s === undefined) return undefined;
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(s);
      } catch {
        return undefined;
      }
    } else if (p !== s) {
      return undefined;
    }
  }
  return segments.length === parts.length ? { params, rest: [] } : undefined;
}

type Role = RootEndpoint['roles'][number];

/**
 * Interface §4: "sIRB, pSite" is any authenticated organization of either level (an
 * organization not marked sIRB is a participating site); Admin is the store's own flag.
 */
function holds(caller: Caller, role: Role): boolean {
  switch (role) {
    case 'Anonymous':
      return true;
    case 'sIRB':
      return Boolean(caller.org.is_sirb);
    case 'pSite':
      return !caller.org.is_sirb;
    case 'Admin':
      return Boolean(caller.org.is_admin);
  }
}

const ROLE_NAMES: Record<Role, string> = {
  Anonymous: 'anyone',
  sIRB: 'an sIRB organization',
  pSite: 'a participating site',
  Admin: 'an administrator organization',
};

/**
 * The route's declared roles, enforced for every route before its handler runs, so that no
 * handler has to remember them (protocol.md §2: after replay and disabled, before ownership,
 * visibility and the body). A handler checks only what the roles cannot say (the owner).
 */
export function requireDeclaredRole(route: Route, caller: Caller): void {
  if (route.roles.some((role) => holds(caller, role))) return;
  throw new ApiError('notAllowed', `Only ${route.roles.map((role) => ROLE_NAMES[role]).join(' or ')} may do this.`);
}

/**
 * A JSON or item route's body, when there is one, is application/json (1017). The pipeline asks
 * it before the body of a request that announced its hash (`Content-Length` says whether there
 * is one), routeBody once the body is there.
 */
export function requireJsonType(route: Route, req: IncomingMessage, byteLength: number): void {
  if (route.body !== 'json' && route.body !== 'item') return;
  const ct = req.headers['content-type'];
  const json = ct !== undefined && ct.split(';')[0]!.trim().toLowerCase() === 'application/json';
  if (byteLength > 0 && !json) throw new ApiError('unsupportedMediaType', 'The body must be sent as application/json.');
}

/**
 * The body as the route sees it. A JSON route's bytes (buffer, item) are checked for their
 * media type when the route first reaches for them, not before: protocol.md §2 has role,
 * ownership and visibility come first, and only the route knows those. So no route can read
 * a JSON body without the check, nor meet it before its own checks.
 */
export function routeBody(route: Route, req: IncomingMessage, body: ReadBody): ReadBody {
  if (route.body !== 'json' && route.body !== 'item') return body;
  let checked = false;
  const checkedBody = (): ReadBody => {
    if (!checked) requireJsonType(route, req, body.byteLength);
    checked = true;
    return body;
  };
  return {
    payloadHash: body.payloadHash,
    byteLength: body.byteLength,
    overCap: body.overCap,
    get buffer() {
      return checkedBody().buffer;
    },
    get item() {
      return checkedBody().item;
    },
  };
}
