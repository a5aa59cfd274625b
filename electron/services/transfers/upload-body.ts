// The JSON body of a document upload, streamed. The body hash is signed, so it must be
// known before sending: a first pass encrypts and hashes without keeping anything (the
// hashes of the plaintext and of the body run on a worker thread beside the cipher), a
// second pass (same key and IV, so the same bytes) produces the body while it is sent,
// checked against the first by its last CBC block (which depends on every plaintext byte).
// Nothing is written to disk: on virtual machines, fresh page-cache pages cost more than
// encrypting again. `content` comes before `contentHash`, so one pass yields both. Memory
// stays flat.
import { FailureError } from '../../../shared/failure-error.js';
import { createHash } from 'node:crypto';
import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HEADER_VERSION, MAX_REQUEST_BYTES, type DocumentHeader } from '../../../shared/types.js';
import { encryptBytes, newItemKey, type ItemKey } from '../../../shared/protocol/envelope.js';
import { Base64CipherWriter, encryptedBase64Length } from '../../../shared/protocol/envelope-stream.js';
import { sha256Set } from '../../../shared/protocol/parallel-sha256.js';
import type { RequestBody } from '../http-transport.js';
import { mediaTypeFor } from './media-types.js';

const MIB = 1024 * 1024;
/** File reads (one await each); the cipher works through each in smaller pieces (see Base64CipherWriter). */
const READ_BLOCK = MIB;
/** Base-64 text of one block's ciphertext: up to 16 bytes of padding and 2 carried bytes more. */
const TEXT_BLOCK = Math.ceil((READ_BLOCK + 16 + 2) / 3) * 4;
/** Text blocks kept for reuse while sending (the socket holds a few at a time). */
const SPARE_TEXT_BLOCKS = 4;
/** Below this the hashes are computed in this thread: a worker costs a few ms to start. */
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

  const bodyHash = sha256Set(1, size >= WORKER_FROM);
  bodyHash.update(0, Buffer.from(prefix, 'utf8'));
  let first: { contentHash: string; lastBlock: Buffer };
  try {
    // each text block moves to the hashing worker as it is and comes back to be filled again
    const textLength = Math.min(TEXT_BLOCK, encryptedBase64Length(size));
    first = await encryptFile(input, k, size, 'preparing', () => bodyHash.block(textLength), async (text) => {
      bodyHash.give(0, text);
      await bodyHash.ready();
    }, true);
  } catch (error) {
    bodyHash.abort();
    throw error;
  }
  const suffix = Buffer.from(suffixOf(first.contentHash), 'utf8');
  bodyHash.update(0, suffix);
  const [bodySha] = await bodyHash.digest();
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
  const run = encryptFile(input, k, size, 'sending', textBlock, async (text) => {
    blocks.push(text);
    wake?.();
    while (blocks.length > 1 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
    // ends the reading, so the file is closed now rather than when collected
    if (stopped) throw new Error('the upload body is no longer read');
  }, false).finally(() => {
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
 * enciphered), hands each block's Base-64 ciphertext (written into `textBlock()`) to `sink`, and hashes the plaintext
 * on the worker when asked. Returns the plaintext hash ('' when not hashed) and the last
 * ciphertext block.
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
  const plainHash = hashPlaintext ? sha256Set(1, size >= WORKER_FROM) : undefined;
  let source: FileHandle | undefined;
  try {
    source = await open(input.file, 'r');
    const file = source;
    const writer = new Base64CipherWriter(k);
    // Hashed, a block moves to the worker (no copy) and the next read goes into another
    // from the hash set; not hashed, two blocks take turns.
    const buffers: Buffer[] = [];
    const readBlock = (i: number): Buffer => plainHash?.block(READ_BLOCK) ?? (buffers[i] ??= Buffer.allocUnsafe(READ_BLOCK));
    let read = 0;
    let which = 0;
    let current = readBlock(0);
    let pending = file.read(current, 0, READ_BLOCK, 0);
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0 || read + bytesRead > size) {
        if (bytesRead > 0) read += bytesRead;
        break;
      }
      input.signal?.throwIfAborted();
      const block = current.subarray(0, bytesRead);
      read += bytesRead;
      which ^= 1;
      current = readBlock(which);
      pending = file.read(current, 0, READ_BLOCK, read);
      const text = writer.update(block, textBlock());
      plainHash?.give(0, block);
      await sink(text);
      await plainHash?.ready();
      input.onProgress?.({ phase, bytes: read, total: size });
    }
    if (read !== size) throw changed(path.basename(input.file));
    await sink(writer.final());
    const contentHash = plainHash ? (await plainHash.digest())[0]! : '';
    return { contentHash, lastBlock: writer.lastBlock() };
  } catch (error) {
    plainHash?.abort();
    throw error;
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
