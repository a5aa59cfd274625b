// Records another organization writes (receipts, sign-offs, requests, checklists) are small
// (decisions §5): they are read through the streaming content path with a cap, and one larger
// than the cap is answered as "too large" after at most the cap's bytes, never downloaded
// whole. What fits is decrypted and its three hashes verified like any item.
import type { Readable } from 'node:stream';
import { encryptedBase64Length } from '../../../shared/protocol/envelope-stream.js';
import { openContent, openHeader, type ItemFields, type ItemKey } from '../../../shared/protocol/envelope.js';
import { ItemJsonStreamParser, JsonStreamError } from '../../../shared/protocol/json-stream.js';
import { MAX_SMALL_RECORD_BYTES } from '../../../shared/limits.js';
import type { Item, RecordHeader } from '../../../shared/types.js';
import { AnswerError, itemWithContentAnswer } from '../answers.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { CancelledError, ExchangeError, NetworkError } from '../exchange-errors.js';

/**
 * Room in the answer for everything but the content: header, wrapped key, hashes, urls, dates.
 * A record's header is a few hundred bytes and a 4096-bit key 684 characters.
 */
const ANSWER_OVERHEAD_BYTES = 64 * 1024;

export interface SmallRecord {
  readonly tooLarge?: undefined;
  /** The item as the content answer gave it, without its content. */
  readonly item: Item;
  readonly header: RecordHeader;
  /** Parsed JSON, or undefined when the content is not JSON. */
  readonly content: unknown;
  readonly bytes: Buffer;
}

/** A record over its cap: ignored by every reader, and only the cap's bytes were read. */
export interface TooLargeRecord {
  readonly tooLarge: true;
  readonly maxContentBytes: number;
}

export interface SmallRecordOptions extends CallOptions {
  /** Default MAX_SMALL_RECORD_BYTES; MAX_CHECKLIST_BYTES for checklists. */
  readonly maxContentBytes?: number;
}

class OverCap extends Error {}

/**
 * A failure to reach or be answered by the exchange: a reader of these records throws it, never
 * takes it for a record that is absent (404, 403) or unreadable (not for us, tampered).
 */
export function unreachable(e: unknown): boolean {
  return (
    e instanceof NetworkError ||
    e instanceof CancelledError ||
    (e instanceof ExchangeError && e.status !== 404 && e.status !== 403)
  );
}

/**
 * Reads, decrypts and verifies a small record. Throws as the client does for the exchange's
 * answers (ExchangeError, NetworkError, CancelledError, AnswerError) and EnvelopeError for a
 * key or hash that does not match.
 */
export async function readSmallRecord(
  client: ExchangeClient,
  keys: { openItemKey(item: ItemFields): ItemKey },
  containerId: string,
  path: string,
  options: SmallRecordOptions = {},
): Promise<SmallRecord | TooLargeRecord> {
  const maxContentBytes = options.maxContentBytes ?? MAX_SMALL_RECORD_BYTES;
  const maxBase64 = encryptedBase64Length(maxContentBytes);
  const maxAnswer = maxBase64 + ANSWER_OVERHEAD_BYTES;
  const tooLarge: TooLargeRecord = { tooLarge: true, maxContentBytes };
  const what = `GET content of ${path}`;

  const response = await client.openItemContent(containerId, path, { signal: options.signal });
  const body: Readable = response.body;
  if (response.contentLength !== undefined && response.contentLength > maxAnswer) {
    body.destroy(); // not a byte more than the headers
    return tooLarge;
  }
  const pieces: string[] = [];
  let base64Length = 0;
  const parser = new ItemJsonStreamParser({
    onStreamChunk: (text) => {
      base64Length += text.length;
      if (base64Length > maxBase64) throw new OverCap();
      pieces.push(text);
    },
    maxStringLength: ANSWER_OVERHEAD_BYTES,
    maxValueBytes: ANSWER_OVERHEAD_BYTES,
  });
  let fields: Record<string, unknown>;
  try {
    let read = 0;
    for await (const chunk of body) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      read += buf.length;
      if (read > maxAnswer) throw new OverCap();
      parser.write(buf);
    }
    fields = parser.end().fields;
  } catch (error) {
    body.destroy();
    if (error instanceof OverCap) return tooLarge;
    if (options.signal?.aborted) throw new CancelledError(response.requestId);
    if (error instanceof JsonStreamError)
      throw new AnswerError('malformed', `The exchange's answer to ${what} is not a valid item (${error.message}).`);
    throw new NetworkError(
      `The exchange's answer to ${what} broke off: ${(error as Error).message}`,
      response.requestId,
      error,
    );
  }
  const answer = itemWithContentAnswer({ ...fields, content: pieces.join('') }, what);
  const k = keys.openItemKey(answer);
  const header = openHeader(answer, k);
  const bytes = openContent(answer, k);
  if (bytes.length > maxContentBytes) return tooLarge; // padding allows 15 bytes more than the cap
  let content: unknown;
  try {
    content = JSON.parse(bytes.toString('utf8'));
  } catch {
    content = undefined;
  }
  const { content: _omit, ...item } = answer;
  return { item: item as Item, header, content, bytes };
}
