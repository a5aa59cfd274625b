// Reads a request body as it arrives: every byte is hashed for the signature; item bodies
// are parsed on the fly and their `content` is checked as Base-64 and goes, decoded, to a
// temporary file (memory stays flat whatever the size); other bodies are kept only up to a
// small cap.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { ItemJsonStreamParser, JsonStreamError } from '../../shared/protocol/json-stream.js';
import { MAX_CERTIFICATE_BYTES, MAX_JSON_BODY_BYTES, MAX_REQUEST_BYTES } from '../../shared/limits.js';
import { alignedBlock, ContentFileWriter, DIRECT_IO_FROM } from '../store/content-io.js';
import { newId } from '../store/ids.js';
import { ApiError } from './api-error.js';
import { Base64StreamDecoder } from '../../shared/protocol/base64-stream.js';
import { watchPace, type BodyPace } from './body-pace.js';

type BodyKind = 'buffer' | 'item';

/** Small bodies (JSON objects, certificates) are kept up to this many bytes. */
const SMALL_BODY_CAP = Math.max(MAX_JSON_BODY_BYTES, MAX_CERTIFICATE_BYTES);
/** Decoded content is written to the temporary file in blocks of this size. */
const STORE_BLOCK = 1024 * 1024;

export interface StreamedItem {
  readonly fields: Record<string, unknown>;
  readonly sawContent: boolean;
  /** Temporary file holding the decoded `content` (the ciphertext bytes). */
  readonly tempFile: string;
  /** Characters of the `content` text. */
  readonly contentLength: number;
  readonly contentIsBase64: boolean;
  /** Why the JSON could not be parsed, when it could not. */
  readonly jsonError?: JsonStreamError;
}

export interface ReadBody {
  readonly payloadHash: string;
  readonly byteLength: number;
  /** kind 'buffer': the bytes, unless over the cap. */
  readonly buffer?: Buffer;
  readonly overCap: boolean;
  /** kind 'item'. */
  readonly item?: StreamedItem;
}

export class BodyAbortedError extends Error {
  constructor() {
    super('The client went away before the body was complete.');
    this.name = 'BodyAbortedError';
  }
}

export interface ReadOptions {
  readonly limit?: number;
  /**
   * Told the bytes received so far; throws (an ApiError) to refuse more: a body without
   * Content-Length is admitted as it arrives.
   */
  readonly admit?: (total: number) => void;
  /** How fast the body must keep coming; a slower one fails with 408 (code 1021). */
  readonly pace?: BodyPace;
}

export function readBody(
  req: IncomingMessage,
  kind: BodyKind,
  tmpDir: string,
  options: ReadOptions = {},
): Promise<ReadBody> {
  const { limit = MAX_REQUEST_BYTES, admit, pace } = options;
  return new Promise((resolve, reject) => {
    const announced = Number(req.headers['content-length']);
    // Hashed here, while each chunk is still in this core's cache: a worker thread hashing
    // copies of the chunks made the 200 MiB PUT 0.06 s slower and cost 0.1 CPU-s more.
    const hash = createHash('sha256');
    // large content goes past the page cache (content-io.ts)
    const direct = kind === 'item' && announced >= DIRECT_IO_FROM;
    let total = 0;
    let settled = false;
    // cuts a body that falls behind the pace (fail is called later, from the watch's timer)
    const watch = pace ? watchPace(pace, (why) => fail(new ApiError('bodyTooSlow', why))) : undefined;
    const chunks: Buffer[] = [];
    let kept = 0;
    let overCap = false;

    let tempFile = '';
    let out: ContentFileWriter | undefined;
    let parser: ItemJsonStreamParser | undefined;
    let jsonError: JsonStreamError | undefined;
    // Decoded content is gathered into 1 MiB blocks for the file (a quarter fewer bytes to
    // store than the Base-64 text); a block comes back for reuse once written.
    const spare: Buffer[] = [];
    let block: Buffer | undefined;
    let blockUsed = 0;
    const writeBlock = (): void => {
      if (!block || blockUsed === 0 || !out) return;
      const full = block;
      const ok = out.write(full, blockUsed, () => {
        if (spare.length < 6) spare.push(full);
      });
      block = undefined;
      blockUsed = 0;
      if (!ok) holdFor(out.room());
    };
    const storeBlock = (): Buffer =>
      (block ??= spare.pop() ?? (direct ? alignedBlock(STORE_BLOCK) : Buffer.allocUnsafe(STORE_BLOCK)));
    // A bad body is still hashed to the end, but nothing more is written for it. Pieces are
    // decoded straight into the block when they fit; one that would straddle two is copied.
    const filled = (bytes: number): void => {
      blockUsed += bytes;
      if (blockUsed === STORE_BLOCK) writeBlock();
    };
    const check = new Base64StreamDecoder(
      (decoded) => {
        for (let from = 0; from < decoded.length;) {
          const n = decoded.copy(storeBlock(), blockUsed, from);
          from += n;
          filled(n);
        }
      },
      {
        space: (bytes) => (STORE_BLOCK - blockUsed >= bytes ? { buffer: storeBlock(), offset: blockUsed } : undefined),
        filled,
      },
    );
    if (kind === 'item') {
      tempFile = join(tmpDir, `${newId()}.part`);
      // Up to four blocks queued: fewer paused the request for every block written.
      // A full or unwritable disk fails the request at once (onError): waiting for room on
      // a failed file would leave the paused request hanging.
      out = new ContentFileWriter(tempFile, { direct, highWaterMark: 4 * STORE_BLOCK, onError: (e) => fail(e) });
      const streamParser = new ItemJsonStreamParser({
        lendChunks: true,
        onStreamBytes: (bytes) => {
          check.feedAscii(bytes);
          streamParser.giveBack(bytes);
        },
        onStreamChunk: (text) => check.feed(text),
      });
      parser = streamParser;
    }

    // The request waits (TCP pushes back on the client) while the disk catches up.
    let holds = 0;
    const holdFor = (until: Promise<unknown>): void => {
      if (holds++ === 0) {
        req.pause();
        watch?.hold();
      }
      void until.then(
        () => {
          if (--holds === 0 && !settled) {
            watch?.resume();
            req.resume();
          }
        },
        // the disk failed: the request fails rather than stay paused
        (e: unknown) => fail(e instanceof Error ? e : new Error(String(e))),
      );
    };

    /** Resolves once the temporary file is gone, so a refusal is never sent while it still exists. */
    const cleanup = (): Promise<void> => {
      if (!out) return Promise.resolve();
      // The file may still be opening: remove it only once it is closed, or an open that
      // completes later would leave an empty orphan behind.
      const file = tempFile;
      return out.destroy().then(() => rmSync(file, { force: true }));
    };
    const fail = (e: Error): void => {
      if (settled) return;
      settled = true;
      watch?.stop();
      req.off('data', onData);
      req.pause();
      void cleanup().then(() => reject(e));
    };

    const onData = (chunk: Buffer): void => {
      if (settled) return;
      total += chunk.length;
      watch?.arrived(total);
      if (total > limit) {
        fail(new ApiError('tooLarge', `The request body passed ${limit} bytes.`));
        return;
      }
      if (admit) {
        try {
          admit(total);
        } catch (e) {
          fail(e as Error);
          return;
        }
      }
      hash.update(chunk);
      if (parser && !jsonError) {
        try {
          parser.write(chunk);
        } catch (e) {
          if (e instanceof JsonStreamError) jsonError = e;
          else return fail(e as Error);
        }
      } else if (kind === 'buffer' && !overCap) {
        if (kept + chunk.length > SMALL_BODY_CAP) {
          overCap = true;
          chunks.length = 0;
        } else {
          chunks.push(chunk);
          kept += chunk.length;
        }
      }
    };

    const onEnd = (): void => {
      if (settled) return;
      // all of it came: what follows (the last writes to disk) is not the client's pace
      watch?.stop();
      finish(hash.digest('hex'));
    };
    const finish = (payloadHash: string): void => {
      if (settled) return;
      if (kind === 'buffer') {
        settled = true;
        resolve({ payloadHash, byteLength: total, overCap, ...(overCap ? {} : { buffer: Buffer.concat(chunks) }) });
        return;
      }
      let fields: Record<string, unknown> = {};
      let sawContent = false;
      if (!jsonError) {
        try {
          const r = parser!.end();
          fields = r.fields;
          sawContent = r.sawStreamField;
        } catch (e) {
          if (e instanceof JsonStreamError) jsonError = e;
          else return fail(e as Error);
        }
      }
      writeBlock();
      out!.end().then(() => {
        if (settled) return;
        settled = true;
        resolve({
          payloadHash,
          byteLength: total,
          overCap: false,
          item: {
            fields,
            sawContent,
            tempFile,
            contentLength: check.size,
            contentIsBase64: check.ok,
            ...(jsonError ? { jsonError } : {}),
          },
        });
      }, fail);
    };

    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => fail(new BodyAbortedError()));
    req.on('aborted', () => fail(new BodyAbortedError()));
    req.on('close', () => {
      if (!req.complete) fail(new BodyAbortedError());
    });
  });
}
