// The browser's "Save as": a file is offered once at an unguessable URL, then forgotten. The
// fetch is a navigation (no header of the page's own), so the session cookie is its check; the
// URL itself is handed only to the page that holds the session secret.
import { randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { SECURITY_HEADERS, sendStatus } from './responses.js';

/** How long an offered download waits to be fetched before it is removed. */
export const DOWNLOAD_TTL_MS = 10 * 60 * 1000;
export const DOWNLOAD_PREFIX = '/api/download/';

interface Offer {
  readonly path: string;
  readonly fileName: string;
  /** `served`: the whole file went out; false when it expired, the host closed or the fetch broke off. */
  readonly gone: (served: boolean) => Promise<void>;
  readonly expiry: NodeJS.Timeout;
}

export class Downloads {
  private readonly offers = new Map<string, Offer>();

  constructor(private readonly ttlMs = DOWNLOAD_TTL_MS) {}

  /** `gone` (by default: delete the file) runs after the fetch, or when nobody fetched it in time. */
  offer(
    path: string,
    fileName: string,
    gone: (served: boolean) => Promise<void> = () => fs.rm(path, { force: true }),
  ): string {
    const id = randomBytes(24).toString('hex');
    // A decrypted copy nobody fetched does not stay on disk.
    const expiry = setTimeout(() => {
      if (this.offers.delete(id)) void gone(false).catch(() => {});
    }, this.ttlMs);
    expiry.unref();
    this.offers.set(id, { path, fileName, gone, expiry });
    return DOWNLOAD_PREFIX + id;
  }

  async serve(res: ServerResponse, id: string): Promise<void> {
    const entry = this.offers.get(id);
    if (!entry) return sendStatus(res, 404, 'Not found');
    this.offers.delete(id);
    clearTimeout(entry.expiry);
    const stat = await fs.stat(entry.path);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/octet-stream',
      'Content-Length': stat.size,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(entry.fileName)}`,
    });
    // Whole once the response ended with every byte handed to the connection (a backup counts only then).
    const served = await pipeline(createReadStream(entry.path), res).then(
      () => res.writableFinished,
      () => false,
    );
    await entry.gone(served);
  }

  async close(): Promise<void> {
    for (const [id, entry] of this.offers) {
      this.offers.delete(id);
      clearTimeout(entry.expiry);
      await entry.gone(false).catch(() => {});
    }
  }
}
