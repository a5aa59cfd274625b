// A server answering below a path prefix (serve --base-path /api), as behind a proxy that
// passes the whole path on. The prefix is part of the path every client signs (the canonical
// path is the whole absolute path, docs/protocol.md §3); the routes see the path below it.

/** Segments of unreserved characters only, so the prefix reads the same raw and canonical. */
const BASE_PATH = /^(\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)+$/;

/** '' (none) or a prefix such as '/api' or '/exchange/v1'; a trailing slash is dropped. */
export function checkBasePath(given: string): string {
  const path = given.replace(/\/+$/, '');
  if (path === '' || BASE_PATH.test(path)) return path;
  throw new RangeError(
    `The base path must be segments of letters, digits, '-', '_', '.' and '~' after '/', not ${given}.`,
  );
}

/** The path below the prefix, or undefined when the request's path is not below it (nothing there). */
export function belowBasePath(path: string, basePath: string): string | undefined {
  if (basePath === '') return path;
  if (path === basePath) return '/';
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
}
