// The JSON body of a document upload, streamed. The body hash is signed, so it must be
// known before sending: a first pass encrypts and hashes without keeping anything, a
// second pass (same key and IV, so the same bytes) produces the body while it is sent,
// checked against the first by its last CBC block (which depends on every plaintext byte).
// `content` comes before `contentHash`, so one pass yields both. Memory stays flat.
import { FailureError } from '../../../shared/failure-error.js';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HEADER_VERSION, MAX_REQUEST_BYTES, type DocumentHeader } from '../../../shared/types.js';
import { encryptBytes, newItemKey, type ItemKey } from '../../../shared/protocol/envelope.js';
import { encryptContentStream, encryptedBase64Length } from '../../../shared/protocol/envelope-stream.js';
import type { RequestBody } from '../http-transport.js';
import { mediaTypeFor } from './media-types.js';

const MIB = 1024 * 1024;
/**
 * File reads of 64 KiB keep each chunk's Base-64 string in V8's young generation, collected
 * at once: 1 MiB reads made 1.4 MiB strings that live until a full GC (client peak RSS 64 MiB
 * on a 200 MiB upload, 22-28 MiB with 64 KiB, no slower).
 */
const READ_CHUNK = 64 * 1024;

export class UploadError extends FailureError<'too-large' | 'file-changed' | 'not-a-file'> {
  override readonly name = 'UploadError';
}

export interface DocumentBodyInput {
  readonly file: string;
  /** Display name; the file name without extension by default. */
  readonly name?: string;
  readonly mediaType?: string;
  /** Header fields to keep (a re-key keeps name, fileName, mediaType); size is always the file's. */
  readonly header?: Partial<DocumentHeader>;
  /** Wraps the new item key for the uploading organization (its own certificate). */
  readonly wrapForSelf: (key: Buffer) => string;
  readonly itemKey?: ItemKey;
  readonly limitBytes?: number;
  /** Plaintext bytes read so far in the current pass. */
  readonly onProgress?: (event: { readonly phase: 'preparing' | 'sending'; readonly bytes: number; readonly total: number }) => void;
  readonly signal?: AbortSignal;
}

export interface PreparedDocument {
  readonly body: RequestBody & { readonly kind: 'stream' };
  readonly header: DocumentHeader;
  readonly contentHash: string;
  readonly size: number;
}

function prefixOf(fields: Record<string, string>): string {
  // JSON.stringify of each value keeps the text valid whatever it holds.
  const parts = Object.entries(fields).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${parts.join(',')},"content":"`;
}

function suffixOf(contentHash: string): string {
  return `","contentHash":${JSON.stringify(contentHash)},"contentHashAlgorithm":"SHA256"}`;
}

const SUFFIX_LENGTH = suffixOf('0'.repeat(64)).length;

/** The largest document (bytes) whose request stays within the limit, given the other fields' size. */
export function maxDocumentBytes(overheadBytes = 2048, limitBytes = MAX_REQUEST_BYTES): number {
  const groups = Math.floor((limitBytes - overheadBytes) / 4);
  const cipherMax = Math.floor((groups * 3) / 16) * 16;
  return Math.max(0, cipherMax - 1);
}

export function describeLimit(limitBytes = MAX_REQUEST_BYTES): string {
  return `one request to the exchange may carry at most ${Math.round(limitBytes / MIB)} MiB, which is about ${Math.floor(maxDocumentBytes(2048, limitBytes) / MIB)} MiB of document`;
}

/** Checks the size, then hashes the whole body once; the returned body re-encrypts on each open(). */
export async function prepareDocumentBody(input: DocumentBodyInput): Promise<PreparedDocument> {
  const info = await stat(input.file);
  if (!info.isFile()) throw new UploadError('not-a-file', `${input.file} is not a file.`);
  const size = info.size;
  const fileName = path.basename(input.file);
  const header: DocumentHeader = {
    ...input.header,
    type: 'document',
    version: HEADER_VERSION,
    name: input.name ?? input.header?.name ?? (path.parse(fileName).name || fileName),
    fileName: input.header?.fileName ?? fileName,
    mediaType: input.mediaType ?? input.header?.mediaType ?? mediaTypeFor(fileName),
    size,
  };
  const k = input.itemKey ?? newItemKey();
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = prefixOf({
    header: encryptBytes(headerBytes, k).toString('base64'),
    headerHash: sha256(headerBytes),
    headerHashAlgorithm: 'SHA256',
    key: input.wrapForSelf(k.key),
    keyHash: sha256(k.key),
    keyHashAlgorithm: 'SHA256',
    iv: k.iv.toString('hex'),
    algorithm: 'AES',
  });
  const length = Buffer.byteLength(prefix) + encryptedBase64Length(size) + SUFFIX_LENGTH;
  const limit = input.limitBytes ?? MAX_REQUEST_BYTES;
  if (length > limit) {
    throw new UploadError(
      'too-large',
      `${fileName} is ${(size / MIB).toFixed(1)} MiB; ${describeLimit(limit)}. Split it or compress it before uploading.`,
    );
  }

  // Pass 1: hash of the body, nothing kept.
  const bodyHash = createHash('sha256').update(prefix);
  const first = encryptContentStream(k);
  await pipeline(
    createReadStream(input.file, { highWaterMark: READ_CHUNK, signal: input.signal }),
    counter(size, (bytes) => input.onProgress?.({ phase: 'preparing', bytes, total: size })),
    first.stream,
    async function (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) bodyHash.update(chunk);
    },
  );
  if (first.plainBytes() !== size) throw changed(fileName);
  const contentHash = first.plainHash();
  const lastBlock = first.lastBlock();
  const suffix = suffixOf(contentHash);
  bodyHash.update(suffix);

  const open = (): Readable => {
    // The plaintext hash is known from pass 1; the last CBC block tells whether the file changed.
    const encrypt = encryptContentStream(k, { hashPlaintext: false });
    const out = new PassThrough({ highWaterMark: MIB });
    const run = async (): Promise<void> => {
      out.write(prefix);
      await pipeline(
        createReadStream(input.file, { highWaterMark: READ_CHUNK, signal: input.signal }),
        counter(size, (bytes) => input.onProgress?.({ phase: 'sending', bytes, total: size })),
        encrypt.stream,
        out,
        { end: false },
      );
      // The body's hash was signed: a file edited since pass 1 must not be sent as if it were the same.
      if (encrypt.plainBytes() !== size || !encrypt.lastBlock().equals(lastBlock)) throw changed(fileName);
      out.end(suffix);
    };
    run().catch((error: unknown) => out.destroy(error as Error));
    return out;
  };

  return {
    body: { kind: 'stream', length, sha256: bodyHash.digest('hex'), contentType: 'application/json', open },
    header,
    contentHash,
    size,
  };
}

function changed(fileName: string): UploadError {
  return new UploadError('file-changed', `${fileName} changed while it was being uploaded; try again.`);
}

function counter(total: number, report: (bytes: number) => void): Transform {
  let bytes = 0;
  let last = -1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      // At most ~200 reports per pass, whatever the chunking.
      if (bytes === total || bytes - last >= Math.max(MIB, total / 200)) {
        last = bytes;
        report(bytes);
      }
      done(null, chunk);
    },
  });
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
