// Download of a document: the content response is parsed as a stream, its Base-64
// decrypted to a temporary file in the destination folder, all three hashes verified,
// and only then is the file renamed into place. Any failure removes the temporary file.
// `downloadInto` streams the same way into a writable the caller owns (an archive entry).
import { FailureError } from '../../../shared/failure-error.js';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { RecordHeader } from '../../../shared/types.js';
import { EnvelopeError, openHeader, type ItemFields, type ItemKey } from '../../../shared/protocol/envelope.js';
import { decryptContentStream } from '../../../shared/protocol/envelope-stream.js';
import { ItemJsonStreamParser, JsonStreamError } from '../../../shared/protocol/json-stream.js';
import { itemAnswer } from '../answers.js';
import type { ExchangeClient } from '../exchange-client.js';

type DownloadFailure = 'key-hash' | 'header-hash' | 'content-hash' | 'decrypt' | 'malformed' | 'changed' | 'size';

export class DownloadError extends FailureError<DownloadFailure> {
  override readonly name = 'DownloadError';
}

/** What a download needs of the key vault: opening the item key wrapped for us. */
interface ItemKeyOpener {
  openItemKey(item: ItemFields): ItemKey;
}

interface DownloadInput {
  readonly client: ExchangeClient;
  readonly keys: ItemKeyOpener;
  readonly containerId: string;
  readonly path: string;
  /** The file to create (replaced if it exists, only after verification). */
  readonly destination: string;
  readonly onProgress?: (event: { readonly bytes: number; readonly total: number }) => void;
  readonly signal?: AbortSignal;
}

interface DownloadResult {
  readonly header: RecordHeader;
  readonly bytes: number;
  readonly file: string;
  readonly contentHash: string;
}

export async function downloadDocument(input: DownloadInput): Promise<DownloadResult> {
  const dir = path.dirname(path.resolve(input.destination));
  const temp = path.join(dir, `.${path.basename(input.destination)}.${randomBytes(6).toString('hex')}.part`);
  try {
    const verified = await downloadInto(input, () => createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
    await rename(temp, input.destination);
    return { ...verified, file: input.destination };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * The same download into any writable (an archive's entry): the plaintext streams into
 * `target()` (opened once the content is on its way) as it is decrypted, and the promise
 * resolves only once all three hashes and the size hold. On a rejection the target may have
 * received unverified bytes: the caller must discard them.
 */
export async function downloadInto(
  input: Omit<DownloadInput, 'destination'>,
  target: () => Writable,
): Promise<Omit<DownloadResult, 'file'>> {
  const { client, containerId } = input;
  // The key and IV come first from the item's metadata, so the content can be decrypted
  // while it streams; the content response's own fields are checked against them at the end.
  const meta = await client.getItem(containerId, input.path, { signal: input.signal });
  const k = guard(() => input.keys.openItemKey(meta));
  const header = guard(() => openHeader(meta, k));
  const total = typeof header.size === 'number' ? header.size : 0;

  // The answer's JSON → the content field's Base-64 → plaintext → the target, with
  // backpressure and teardown on any failure by stream.pipeline.
  let answer: ReturnType<ItemJsonStreamParser['end']> | undefined;
  const parser: ItemJsonStreamParser = new ItemJsonStreamParser({
    onStreamBytes: (bytes) => extract.push(bytes),
    onStreamChunk: (text) => extract.push(text),
  });
  const extract = new Transform({
    // Buffers and strings pass on as they are; the parser's blocks are 1 MiB, so two at most wait
    // here. The answer flows in up to 1 MiB at a time, as the decryptor takes it: a smaller buffer
    // paused the socket after every 64 KiB chunk (measured: +0.4 s of CPU for 200 MiB).
    readableObjectMode: true,
    readableHighWaterMark: 2,
    writableHighWaterMark: 1 << 20,
    transform(chunk: Buffer, _encoding, done) {
      try {
        parser.write(chunk);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
    flush(done) {
      try {
        answer = parser.end();
      } catch (error) {
        done(error as Error);
        return;
      }
      done(
        answer.sawStreamField
          ? undefined
          : new DownloadError('malformed', 'The exchange answered without the item content.'),
      );
    },
  });
  // The parser fills its blocks again once the decryptor has read them.
  const decrypt = decryptContentStream(k, (block) => parser.giveBack(block));
  let reported = 0;
  decrypt.stream.on('data', () => {
    const bytes = decrypt.plainBytes();
    if (bytes - reported >= 1 << 20 || bytes === total) {
      reported = bytes;
      input.onProgress?.({ bytes, total });
    }
  });

  try {
    const response = await client.openItemContent(containerId, input.path, { signal: input.signal });
    await pipeline(response.body, extract, decrypt.stream, target());
    const got = itemAnswer(answer?.fields, `GET content of ${input.path}`);
    // The content response must describe the same version as the metadata used to decrypt.
    const k2 = guard(() => input.keys.openItemKey(got));
    if (!k2.key.equals(k.key) || !k2.iv.equals(k.iv)) {
      throw new DownloadError(
        'changed',
        'The item changed while it was being downloaded (a new version or key); try again.',
      );
    }
    guard(() => openHeader(got, k2));
    const contentHash = decrypt.plainHash();
    if (typeof got.contentHash !== 'string' || contentHash !== got.contentHash || contentHash !== meta.contentHash) {
      throw new DownloadError(
        'content-hash',
        'The downloaded content does not match its contentHash: it was damaged or tampered with in transit. Nothing was saved.',
      );
    }
    if (typeof header.size === 'number' && decrypt.plainBytes() !== header.size) {
      throw new DownloadError(
        'size',
        `The document should be ${header.size} bytes but ${decrypt.plainBytes()} arrived. Nothing was saved.`,
      );
    }
    return { header, bytes: decrypt.plainBytes(), contentHash };
  } catch (error) {
    throw translate(error);
  }
}

/** Runs an envelope check, naming the failed hash in a DownloadError. */
function guard<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw translate(error);
  }
}

function translate(error: unknown): unknown {
  if (error instanceof DownloadError) return error;
  if (error instanceof EnvelopeError) {
    switch (error.failure) {
      case 'key-hash':
        return new DownloadError(
          'key-hash',
          `The item key does not match its keyHash (${error.message}). Nothing was saved.`,
        );
      case 'wrong-key':
        return new DownloadError(
          'key-hash',
          `The item key could not be unwrapped with this organization's key: it is damaged or meant for someone else. Nothing was saved.`,
        );
      case 'header-hash':
        return new DownloadError(
          'header-hash',
          'The item header does not match its headerHash: it was damaged or tampered with. Nothing was saved.',
        );
      case 'content-hash':
        return new DownloadError('content-hash', 'The content does not match its contentHash. Nothing was saved.');
      default:
        return new DownloadError(
          'decrypt',
          `The content could not be decrypted (${error.message}): it was damaged or tampered with. Nothing was saved.`,
        );
    }
  }
  if (error instanceof JsonStreamError)
    return new DownloadError('malformed', `The exchange's answer was not a valid item (${error.message}).`);
  return error;
}
