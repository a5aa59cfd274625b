// The Content-Type of each file of the built renderer, for the two ways it is served: the
// packaged app's app:// protocol (electron/shell/app-protocol.ts) and the browser host.
import { extname } from 'node:path';

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
