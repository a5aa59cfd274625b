// The built renderer's files (renderer-files.ts resolves them). While the keys are locked the
// app's page is the unlock page, a second entry of the same build (renderer/unlock.html).
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveRendererFile } from '../app/renderer-files.js';
import { SECURITY_HEADERS, sendStatus } from './responses.js';

export const UNLOCK_PAGE = '/unlock.html';

export async function serveStatic(
  rendererDir: string,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  locked: boolean,
): Promise<void> {
  const page = locked && (pathname === '/' || pathname === '/index.html') ? UNLOCK_PAGE : pathname;
  const found = await resolveRendererFile(rendererDir, page);
  if (found.kind === 'malformed') return sendStatus(res, 400, 'Malformed URL');
  if (found.kind === 'missing') return sendStatus(res, 404, 'Not found');
  res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': found.type, 'Content-Length': found.size });
  if (req.method === 'HEAD') res.end();
  else
    createReadStream(found.path)
      .on('error', () => res.destroy())
      .pipe(res);
}
