// PUT /api/stage: a file dropped on the page arrives as bytes. Its name is checked with the
// contract's schema (hostStageArgs), its bytes are kept in a folder of their own under the
// staging folder, and the copy goes through the door's stage (stageArgs) like Electron's drops.
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { appError, invalidArgument } from '../../../shared/app-error.js';
import { hostStageArgs } from '../../../shared/ipc/contract.js';
import type { Door } from '../ipc-door.js';
import { sendJson } from './responses.js';

export interface Staging {
  readonly door: Door;
  /** Where dropped files are staged before upload. */
  readonly dir: string;
  /** Largest staged file; larger drops are refused before they are read. */
  readonly maxBytes: number;
}

export async function stage(
  staging: Staging,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  sender: { url: string },
): Promise<void> {
  const parsed = hostStageArgs.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    req.resume();
    const first = parsed.error.issues[0];
    return sendJson(res, 400, {
      ok: false,
      error: invalidArgument(`stage: ${first?.path.join('.') || 'arguments'}: ${first?.message ?? 'invalid'}`),
    });
  }
  const { name, relativePath = name } = parsed.data;
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (!Number.isFinite(declared) || declared > staging.maxBytes) {
    req.resume();
    return sendJson(res, 413, {
      ok: false,
      error: appError('too-large', 'The file is too large.', 'The file is larger than one upload can carry.', {
        details: `limit ${staging.maxBytes} bytes`,
      }),
    });
  }
  // Kept under its own name, so the upload's header and media type come from it.
  const folder = join(staging.dir, randomBytes(16).toString('hex'));
  const path = join(folder, name);
  try {
    await fs.mkdir(folder, { mode: 0o700 });
    await pipeline(req, createWriteStream(path, { mode: 0o600 }));
    const size = (await fs.stat(path)).size;
    if (size !== declared) throw new Error('incomplete upload to the app');
  } catch (e) {
    await fs.rm(folder, { recursive: true, force: true });
    return sendJson(res, 400, {
      ok: false,
      error: appError('stage-failed', 'The file could not be read.', 'The file could not be read.', {
        details: String(e),
        retryable: true,
      }),
    });
  }
  const staged = await staging.door.stage(sender, { path, relativePath, size: declared });
  if (!staged.ok) await fs.rm(folder, { recursive: true, force: true });
  sendJson(res, staged.ok ? 200 : 400, staged);
}
