// The JSON body of a document upload, streamed. The body hash is signed, so it must be
// known before sending: a first pass encrypts and hashes without keeping anything (for a
// large file a worker reads, enciphers and hashes the plaintext while this thread makes
// the Base-64 and hashes the body: encrypt-worker.ts), a second pass (same key and IV, so
// the same bytes) produces the body while it is sent, checked against the first by its
// last CBC block (which depends on every plaintext byte). Nothing is written to disk:
// keeping the first pass's text in a file cut the CPU time but made the first pass wait
// on the disk, for no gain. `content` comes before `contentHash`, so one pass yields
// both. Memory stays flat.
import { FailureError } from '../../../shared/failure-error.js';
import { createHash, type Hash } from 'node:crypto';
import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describeLimit } from '../../../shared/upload-limit.js';
import { MAX_REQUEST_BYTES } from '../../../shared/limits.js';
import { HEADER_VERSION, type DocumentHeader, type WrittenDocumentHeader } from '../../../shared/types.js';
import { encryptBytes, newItemKey, type ItemKey } from '../../../shared/protocol/envelope.js';
import {
  Base64BlockEncoder,
  Base64CipherWriter,
  encryptedBase64Length,
  lastCipherBlock,
} from '../../../shared/protocol/envelope-stream.js';
import type { RequestBody } from '../http-transport.js';
import { encryptFileOnWorker } from './encrypt-worker.js';
import { mediaTypeFor } from './media-types.js';

const MIB = 1024 * 1024;
/** File reads (one await each); the cipher works through each in smaller pieces (see Base64CipherWriter). */
const READ_BLOCK = MIB;
/** Base-64 text of one block's ciphertext: up to 16 bytes of padding and 2 carried bytes more. */
const TEXT_BLOCK = Math.ceil((READ_BLOCK + 16 + 2) / 3) * 4;
/** Text blocks kept for reuse while sending (the socket holds a few at a time). */
const SPARE_TEXT_BLOCKS = 4;
/** Below this the first pass runs in this thread: a worker costs a few ms to start. */
const WORKER_FROM = 4 * MIB;

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
  /** Plaintext bytes read so far in the current pass (sending: in proportion to the body sent). */
  readonly onProgress?: (event: {
    readonly phase: 'preparing' | 'sending';
    readonly bytes: number;
    readonly total: number;
  }) => void;
  readonly signal?: AbortSignal;
}

interface PreparedDocument {
  readonly body: RequestBody & { readonly kind: 'stream' };
  readonly header: WrittenDocumentHeader;
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

/** Checks the size, then hashes the whole body once; the returned body re-encrypts on each open(). */
export async function prepareDocumentBody(input: DocumentBodyInput): Promise<PreparedDocument> {
  const info = await stat(input.file);
  if (!info.isFile()) throw new UploadError('not-a-file', `${input.file} is not a file.`);
  const size = info.size;
  const fileName = path.basename(input.file);
  const header: WrittenDocumentHeader = {
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

  // the body is hashed here as its text is made, so one text block serves the whole pass
  const bodyHash = createHash('sha256').update(prefix, 'utf8');
  const text = Buffer.allocUnsafe(Math.min(TEXT_BLOCK, encryptedBase64Length(size)));
  const first =
    size >= WORKER_FROM
      ? await firstPassOnWorker(input, k, size, bodyHash, text)
      : await encryptFile(
          input,
          k,
          size,
          'preparing',
          () => text,
          (done) => {
            bodyHash.update(done);
            return Promise.resolve();
          },
          true,
        );
  const suffix = Buffer.from(suffixOf(first.contentHash), 'utf8');
  const bodySha = bodyHash.update(suffix).digest('hex');
  if ((await stat(input.file)).mtimeMs !== info.mtimeMs) throw changed(fileName);

  // Text blocks come back once the socket has them (body.written) and are filled again: a
  // fresh 1.3 MiB block each time outlives a scavenge in the socket's queue, and the garbage
  // then costs a full collection every few blocks.
  const ours = new WeakSet<ArrayBuffer>();
  const spare: Buffer[] = [];
  const textBlock = (): Buffer => {
    const reused = spare.pop();
    if (reused) return reused;
    const block = Buffer.allocUnsafeSlow(TEXT_BLOCK);
    ours.add(block.buffer as ArrayBuffer);
    return block;
  };
  const written = (chunk: Buffer): void => {
    const memory = chunk.buffer as ArrayBuffer;
    if (ours.has(memory) && spare.length < SPARE_TEXT_BLOCKS) spare.push(Buffer.from(memory));
  };
  const open = (): Readable => {
    const parts = sending(input, k, size, Buffer.from(prefix, 'utf8'), suffix, first.lastBlock, fileName, textBlock);
    return Readable.from(parts, { objectMode: false, highWaterMark: MIB });
  };

  return {
    body: { kind: 'stream', length, sha256: bodySha!, contentType: 'application/json', open, written },
    header,
    contentHash: first.contentHash,
    size,
  };
}

/**
 * Pass 1 of a large file: the worker reads, enciphers and hashes the plaintext
 * (encrypt-worker.ts); here each piece of ciphertext becomes Base-64 and goes into the body hash.
 */
async function firstPassOnWorker(
  input: DocumentBodyInput,
  k: ItemKey,
  size: number,
  bodyHash: Hash,
  text: Buffer,
): Promise<{ contentHash: string; lastBlock: Buffer }> {
  const encoder = new Base64BlockEncoder();
  let last: Buffer = Buffer.alloc(0);
  const done = await encryptFileOnWorker(
    input.file,
    k,
    size,
    (cipherText, read, final) => {
      last = lastCipherBlock(last, cipherText);
      const room = encoder.room(cipherText.length);
      const out = text.length >= room ? text : Buffer.allocUnsafe(room);
      bodyHash.update(out.subarray(0, encoder.encodeInto(cipherText, final, out, 0)));
      input.onProgress?.({ phase: 'preparing', bytes: Math.min(read, size), total: size });
    },
    input.signal,
  );
  if (done.read !== size) throw changed(path.basename(input.file));
  return { contentHash: done.plainHash, lastBlock: last };
}

/** Pass 2: the body again, block by block; a file edited since pass 1 fails instead of being sent as the same. */
async function* sending(
  input: DocumentBodyInput,
  k: ItemKey,
  size: number,
  prefix: Buffer,
  suffix: Buffer,
  lastBlock: Buffer,
  fileName: string,
  textBlock: () => Buffer,
): AsyncGenerator<Buffer> {
  yield prefix;
  const blocks: Buffer[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let stopped = false; // the consumer went away (socket closed, retry, cancel)
  // The file is read and enciphered one block ahead of the socket.
  const sink = async (text: Buffer): Promise<void> => {
    blocks.push(text);
    wake?.();
    while (blocks.length > 1 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
    // ends the reading, so the file is closed now rather than when collected
    if (stopped) throw new Error('the upload body is no longer read');
  };
  const run = encryptFile(input, k, size, 'sending', textBlock, sink, false).finally(() => {
    finished = true;
    wake?.();
  });
  run.catch(() => undefined);
  try {
    for (;;) {
      const next = blocks.shift();
      wake?.();
      if (next) {
        yield next;
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const second = await run;
    if (!second.lastBlock.equals(lastBlock)) throw changed(fileName);
    yield suffix;
  } finally {
    stopped = true;
    wake?.();
  }
}

/**
 * Reads the file once in 1 MiB blocks (the next block is read while this one is
 * enciphered) and hands each block's Base-64 ciphertext (written into `textBlock()`) to
 * `sink`, in this thread: the second pass of every upload and the first of a small one,
 * which also hashes the plaintext. Returns the plaintext hash ('' when not hashed) and
 * the last ciphertext block.
 */
async function encryptFile(
  input: DocumentBodyInput,
  k: ItemKey,
  size: number,
  phase: 'preparing' | 'sending',
  textBlock: () => Buffer,
  sink: (text: Buffer) => Promise<void>,
  hashPlaintext: boolean,
): Promise<{ contentHash: string; lastBlock: Buffer }> {
  // only small files are hashed here (large ones go through encrypt-worker.ts)
  const plainHash = hashPlaintext ? createHash('sha256') : undefined;
  let source: FileHandle | undefined;
  try {
    source = await open(input.file, 'r');
    const file = source;
    const writer = new Base64CipherWriter(k);
    const buffers = [Buffer.allocUnsafe(READ_BLOCK), Buffer.allocUnsafe(READ_BLOCK)];
    let read = 0;
    let which = 0;
    let pending = file.read(buffers[0]!, 0, READ_BLOCK, 0);
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0 || read + bytesRead > size) {
        if (bytesRead > 0) read += bytesRead;
        break;
      }
      input.signal?.throwIfAborted();
      const block = buffers[which]!.subarray(0, bytesRead);
      read += bytesRead;
      which ^= 1;
      pending = file.read(buffers[which]!, 0, READ_BLOCK, read);
      plainHash?.update(block);
      await sink(writer.update(block, textBlock()));
      input.onProgress?.({ phase, bytes: read, total: size });
    }
    if (read !== size) throw changed(path.basename(input.file));
    await sink(writer.final());
    return { contentHash: plainHash?.digest('hex') ?? '', lastBlock: writer.lastBlock() };
  } finally {
    await source?.close();
  }
}

function changed(fileName: string): UploadError {
  return new UploadError('file-changed', `${fileName} changed while it was being uploaded; try again.`);
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
