// The packaged renderer is served from app://study-exchange/ by a protocol handler, not from
// file://: the page gets a real origin (the door trusts exactly it), a CSP that is a response
// header (onHeadersReceived never sees file:// loads), and no other file on the disk is
// reachable from it. Kept free of `electron` so the tests can ask it for answers directly.
import { readFile } from 'node:fs/promises';
import { resolveRendererFile } from '../core/app/renderer-files.js';

export const APP_SCHEME = 'app';
const APP_HOST = 'study-exchange';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The packaged app's CSP: only its own origin, no WebSocket, no inline script. */
export const PRODUCTION_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
/** Vite's dev server needs its inline preamble and its reload socket: development only. */
export const DEVELOPMENT_CSP = PRODUCTION_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
  "connect-src 'self'",
  "connect-src 'self' ws://localhost:*",
);

/** Vite's dev server only when the app is not packaged: a packaged app ignores VITE_DEV_SERVER_URL. */
export function rendererUrlFor(options: { readonly isPackaged: boolean; readonly devUrl?: string }): string {
  if (!options.isPackaged && options.devUrl) return options.devUrl;
  return APP_URL;
}

interface AppResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

function answer(status: number, text: string): AppResponse {
  return {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': PRODUCTION_CSP },
    body: Buffer.from(text),
  };
}

/** What app://study-exchange/<path> answers: a file of the built renderer with the CSP, or 400/404. */
export async function rendererResponse(rendererDir: string, requestUrl: string): Promise<AppResponse> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return answer(400, 'Malformed URL');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return answer(404, 'Not found');
  const found = await resolveRendererFile(rendererDir, url.pathname);
  if (found.kind === 'malformed') return answer(400, 'Malformed URL');
  if (found.kind === 'missing') return answer(404, 'Not found');
  try {
    return {
      status: 200,
      headers: {
        'Content-Type': found.type,
        'Content-Security-Policy': PRODUCTION_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
      body: await readFile(found.path),
    };
  } catch {
    return answer(404, 'Not found');
  }
}
