// A small router: patterns of literal segments, `:name` parameters and a trailing `*`
// that takes the rest (zero or more raw segments, for item paths).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RootEndpoint } from '../../shared/types.js';
import type { AppContext } from '../context.js';
import type { Caller } from './authenticate.js';
import type { ReadBody } from './body-reader.js';
import type { QueryParams } from './query.js';

/** none: no body expected (any is hashed and ignored); json: small JSON object; item: item write payload; raw: certificate bytes. */
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

export interface Route {
  readonly method: RootEndpoint['method'];
  readonly pattern: string;
  /** How the root document shows the path. */
  readonly display?: string;
  readonly body: BodyMode;
  readonly roles: RootEndpoint['roles'];
  readonly anonymous?: boolean;
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

function matchPattern(pattern: string, segments: string[]): { params: Record<string, string>; rest: string[] } | undefined {
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
