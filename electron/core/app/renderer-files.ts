// The built renderer's files, for the two ways it is served: the packaged app's app://
// protocol (electron/shell/app-protocol.ts) and the browser host (host/browser-host.ts). One
// resolver, so both refuse the same paths: nothing outside the renderer folder is reachable,
// however a `..` or a `/` is spelled. Free of `electron`: tested in plain node.
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function staticType(file: string): string {
  return TYPES[extname(file)] ?? 'application/octet-stream';
}

export type RendererFile =
  | { readonly kind: 'file'; readonly path: string; readonly size: number; readonly type: string }
  /** The path's percent-encoding is broken (400). */
  | { readonly kind: 'malformed' }
  /** Nothing to serve: outside the renderer, missing, or not a file (404). */
  | { readonly kind: 'missing' };

/**
 * The file a URL path (still percent-encoded, as in URL.pathname) names in the renderer
 * folder; `/` is index.html. Decoded before it is resolved, so `%2e%2e` and `%2f` are
 * judged as the `..` and `/` they become.
 */
export async function resolveRendererFile(rendererDir: string, pathname: string): Promise<RendererFile> {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname).replace(/^\/+/, '') || 'index.html';
  } catch {
    return { kind: 'malformed' };
  }
  const root = normalize(rendererDir);
  const file = normalize(join(root, rel));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return { kind: 'missing' };
  try {
    const s = await stat(file);
    return s.isFile() ? { kind: 'file', path: file, size: s.size, type: staticType(file) } : { kind: 'missing' };
  } catch {
    return { kind: 'missing' };
  }
}
