// Streaming parser for an item JSON object whose one field (`content`) may be hundreds of
// MiB of Base-64: that field's text goes to a sink chunk by chunk, every other field is
// collected with limits. Used by the server for request bodies and by the client for
// content downloads.
//
// How: a byte-level state machine for the top-level object. The streamed string is scanned
// with Buffer.indexOf for '"' and '\\' (native memchr), so Base-64 flows at memory speed;
// escapes are rewritten into a scratch buffer and UTF-8 split across chunks is joined by a
// StringDecoder. Every other value is small: its raw bytes are collected by a per-byte
// scanner that enforces the limits and finds where it ends, then JSON.parse checks and
// builds it. Raw control characters inside the streamed string are not rejected here; the
// consumer (a Base-64 decoder) refuses them.
import { FailureError } from '../failure-error.js';
import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

export interface ItemJsonStreamOptions {
  /** The big string field; default 'content'. */
  readonly streamField?: string;
  /** Receives the decoded (JSON-unescaped) text of the big field, in order. */
  readonly onStreamChunk: (text: string) => void;
  /**
   * When given, receives the streamed text instead as long as it is ASCII (all of Base-64):
   * the raw bytes, a Buffer the consumer may keep (no string is built). Text after the first
   * non-ASCII byte still goes to onStreamChunk. Hand each Buffer back with giveBack() once
   * done with it, and it is filled again (no new memory per block).
   */
  readonly onStreamBytes?: (ascii: Buffer) => void;
  /**
   * onStreamBytes may receive views of the chunk being written, valid only during the call
   * (the consumer copies what it keeps): ASCII runs then go on without being gathered.
   */
  readonly lendChunks?: boolean;
  /** Longest other string value, in characters; default 1 MiB. */
  readonly maxStringLength?: number;
  /** Deepest nesting; default 32. The top-level object is depth 1. */
  readonly maxDepth?: number;
  /** Largest raw JSON text of any one other field's value, in bytes; default 16 MiB. */
  readonly maxValueBytes?: number;
}

export type JsonStreamFailure = 'syntax' | 'too-deep' | 'too-long' | 'not-object' | 'stream-field-type' | 'incomplete';

export class JsonStreamError extends FailureError<JsonStreamFailure> {
  override readonly name = 'JsonStreamError';
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const FFFD = Buffer.from([0xef, 0xbf, 0xbd]);
/** Bytes of the streamed string gathered before they are handed on (64 KiB socket reads made 4,300 file writes of a 280 MB body). */
const STREAM_BLOCK = 1024 * 1024;
/**
 * Shorter raw runs are gathered even when chunks may be lent: text full of escapes (`\/`
 * for every '/', valid JSON) would otherwise be handed on a few bytes at a time.
 */
const LEND_FROM = 4096;

const START = 0;
const KEY_OR_END = 1; // after '{'
const KEY_REQUIRED = 2; // after ','
const KEY = 3;
const COLON = 4;
const VALUE = 5;
const STREAM = 6;
const GENERIC = 7;
const AFTER_VALUE = 8;
const DONE = 9;

const SIMPLE_ESCAPES: Record<number, number> = {
  0x22: 0x22, // "
  0x5c: 0x5c, // \
  0x2f: 0x2f, // /
  0x62: 0x08, // b
  0x66: 0x0c, // f
  0x6e: 0x0a, // n
  0x72: 0x0d, // r
  0x74: 0x09, // t
};

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10;
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10;
  return -1;
}

/** Writes a BMP code point or a supplementary one as UTF-8; returns the new offset. */
function writeUtf8(out: Buffer, o: number, cp: number): number {
  if (cp < 0x80) {
    out[o++] = cp;
  } else if (cp < 0x800) {
    out[o++] = 0xc0 | (cp >> 6);
    out[o++] = 0x80 | (cp & 0x3f);
  } else if (cp < 0x10000) {
    out[o++] = 0xe0 | (cp >> 12);
    out[o++] = 0x80 | ((cp >> 6) & 0x3f);
    out[o++] = 0x80 | (cp & 0x3f);
  } else {
    out[o++] = 0xf0 | (cp >> 18);
    out[o++] = 0x80 | ((cp >> 12) & 0x3f);
    out[o++] = 0x80 | ((cp >> 6) & 0x3f);
    out[o++] = 0x80 | (cp & 0x3f);
  }
  return o;
}

function fail(failure: JsonStreamFailure, message: string): never {
  throw new JsonStreamError(failure, message);
}

export class ItemJsonStreamParser {
  private readonly streamField: string;
  private readonly onStreamChunk: (text: string) => void;
  private readonly onStreamBytes: ((ascii: Buffer) => void) | undefined;
  private readonly lendChunks: boolean;
  private readonly maxStringLength: number;
  private readonly maxDepth: number;
  private readonly maxValueBytes: number;

  private state = START;
  private error: JsonStreamError | undefined;
  private readonly fields: Record<string, unknown> = {};
  private sawStream = false;
  private key = '';
  private offset = 0; // bytes consumed before the current chunk, for messages

  // Streamed string: its UTF-8 is gathered into blocks of STREAM_BLOCK bytes, so consumers
  // (a Base-64 check, a file write, a decipher) work on large pieces whatever the chunking.
  private readonly decoder = new StringDecoder('utf8');
  private viaDecoder = false;
  private block: Buffer | undefined;
  private blockLength = 0;
  private readonly spare: Buffer[] = [];
  private readonly ownBlocks = new WeakSet<ArrayBufferLike>();
  private escapeCarry: Buffer | undefined; // an escape split across chunks
  private pendingHigh = -1; // a \uD800–\uDBFF waiting for its low surrogate

  // Collector of one small value (or a key).
  private pieces: Buffer[] = [];
  private valueBytes = 0;
  private depth = 0;
  private inString = false;
  private escape = false;
  private hexLeft = 0;
  private stringChars = 0;
  private primitive = false;

  constructor(options: ItemJsonStreamOptions) {
    this.streamField = options.streamField ?? 'content';
    this.onStreamChunk = options.onStreamChunk;
    this.onStreamBytes = options.onStreamBytes;
    this.lendChunks = options.lendChunks === true;
    this.maxStringLength = options.maxStringLength ?? 1024 * 1024;
    this.maxDepth = options.maxDepth ?? 32;
    this.maxValueBytes = options.maxValueBytes ?? 16 * 1024 * 1024;
  }

  /** Feed UTF-8 bytes in any chunking. Throws JsonStreamError. */
  write(chunk: Buffer): void {
    if (this.error) throw this.error;
    try {
      this.consume(chunk);
    } catch (error) {
      if (error instanceof JsonStreamError) this.error = error;
      throw error;
    }
  }

  /** Ends the input; returns every field but the streamed one (which is reported as present or not). Throws JsonStreamError. */
  end(): { readonly fields: Record<string, unknown>; readonly sawStreamField: boolean } {
    if (this.error) throw this.error;
    if (this.state !== DONE || this.escapeCarry) {
      this.error = new JsonStreamError('incomplete', `the JSON object ended early, after ${this.offset} bytes`);
      throw this.error;
    }
    return { fields: this.fields, sawStreamField: this.sawStream };
  }

  private consume(chunk: Buffer): void {
    let buf = chunk;
    if (this.escapeCarry) {
      buf = Buffer.concat([this.escapeCarry, chunk]);
      this.offset -= this.escapeCarry.length;
      this.escapeCarry = undefined;
    }
    const n = buf.length;
    let i = 0;
    while (i < n) {
      switch (this.state) {
        case START: {
          while (i < n && isSpace(buf[i]!)) i++;
          if (i === n) break;
          if (buf[i] !== 0x7b) fail('not-object', 'the JSON value is not an object');
          if (this.maxDepth < 1) fail('too-deep', `nesting deeper than ${this.maxDepth}`);
          i++;
          this.state = KEY_OR_END;
          break;
        }
        case KEY_OR_END:
        case KEY_REQUIRED: {
          while (i < n && isSpace(buf[i]!)) i++;
          if (i === n) break;
          const b = buf[i]!;
          if (b === 0x7d && this.state === KEY_OR_END) {
            i++;
            this.state = DONE;
          } else if (b === QUOTE) {
            this.beginValue(b);
            this.state = KEY;
          } else {
            this.syntax(i, 'expected a field name');
          }
          break;
        }
        case KEY:
        case GENERIC: {
          const end = this.collect(buf, i);
          if (end < 0) {
            i = n;
            break;
          }
          i = end;
          const value = this.finishValue();
          if (this.state === KEY) {
            this.key = value as string;
            this.state = COLON;
          } else {
            // defineProperty: a "__proto__" key is data, never the object's prototype.
            Object.defineProperty(this.fields, this.key, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
            this.state = AFTER_VALUE;
          }
          break;
        }
        case COLON: {
          while (i < n && isSpace(buf[i]!)) i++;
          if (i === n) break;
          if (buf[i] !== 0x3a) this.syntax(i, "expected ':'");
          i++;
          this.state = VALUE;
          break;
        }
        case VALUE: {
          while (i < n && isSpace(buf[i]!)) i++;
          if (i === n) break;
          const b = buf[i]!;
          if (this.key === this.streamField) {
            if (this.sawStream) this.syntax(i, `duplicate "${this.streamField}" field`);
            if (b !== QUOTE) fail('stream-field-type', `the "${this.streamField}" field is not a string`);
            this.sawStream = true;
            i++;
            this.state = STREAM;
          } else {
            if (b === 0x7d || b === 0x5d || b === 0x2c || b === 0x3a) this.syntax(i, 'expected a value');
            this.beginValue(b);
            this.state = GENERIC;
          }
          break;
        }
        case STREAM: {
          i = this.streamScan(buf, i);
          break;
        }
        case AFTER_VALUE: {
          while (i < n && isSpace(buf[i]!)) i++;
          if (i === n) break;
          const b = buf[i]!;
          if (b === 0x2c) this.state = KEY_REQUIRED;
          else if (b === 0x7d) this.state = DONE;
          else this.syntax(i, "expected ',' or '}'");
          i++;
          break;
        }
        default: {
          while (i < n && isSpace(buf[i]!)) i++;
          if (i < n) this.syntax(i, 'unexpected data after the object');
        }
      }
    }
    this.offset += n;
  }

  private syntax(at: number, what: string): never {
    fail('syntax', `${what} at byte ${this.offset + at}`);
  }

  // ---- small values ----

  private beginValue(first: number): void {
    this.pieces = [];
    this.valueBytes = 0;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    this.hexLeft = 0;
    this.stringChars = 0;
    this.primitive = first !== QUOTE && first !== 0x7b && first !== 0x5b;
  }

  /** Scans a small value from i; returns the index just past its end, or -1 when the chunk ran out. */
  private collect(buf: Buffer, start: number): number {
    const n = buf.length;
    let i = start;
    let end = -1;
    for (; i < n; i++) {
      const b = buf[i]!;
      if (this.inString) {
        if (this.escape) {
          this.escape = false;
          if (b === 0x75) this.hexLeft = 4;
        } else if (this.hexLeft > 0) {
          this.hexLeft--;
        } else if (b === QUOTE) {
          this.inString = false;
          if (this.depth === 0) {
            end = i + 1;
            break;
          }
        } else {
          if (b === BACKSLASH) {
            this.escape = true;
            this.stringChars++;
          } else if ((b & 0xc0) !== 0x80) {
            // Count UTF-16 units as JavaScript will: 4-byte sequences are surrogate pairs.
            this.stringChars += b >= 0xf0 ? 2 : 1;
          }
          if (this.stringChars > this.maxStringLength) {
            fail('too-long', `a string in "${this.key}" is longer than ${this.maxStringLength} characters`);
          }
        }
      } else if (this.primitive) {
        if (isSpace(b) || b === 0x2c || b === 0x7d || b === 0x5d) {
          end = i;
          break;
        }
      } else if (b === QUOTE) {
        this.inString = true;
        this.stringChars = 0;
      } else if (b === 0x7b || b === 0x5b) {
        this.depth++;
        if (this.depth + 1 > this.maxDepth) fail('too-deep', `"${this.key}" is nested deeper than ${this.maxDepth}`);
      } else if (b === 0x7d || b === 0x5d) {
        this.depth--;
        if (this.depth <= 0) {
          end = i + 1;
          break;
        }
      }
    }
    const stop = end < 0 ? n : end;
    this.valueBytes += stop - start;
    if (this.valueBytes > this.maxValueBytes)
      fail('too-long', `the value of "${this.key}" is larger than ${this.maxValueBytes} bytes`);
    // Copy: the caller may reuse its chunk buffers.
    if (stop > start) this.pieces.push(Buffer.from(buf.subarray(start, stop)));
    return end;
  }

  private finishValue(): unknown {
    const text = (this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces)).toString('utf8');
    this.pieces = [];
    try {
      return JSON.parse(text);
    } catch {
      return fail(
        'syntax',
        `invalid JSON ${this.state === KEY ? 'field name' : `value for "${this.key}"`} before byte ${this.offset}`,
      );
    }
  }

  // ---- the streamed string ----

  /** Scans the streamed string from i; returns the index past its closing quote, or buf.length. */
  private streamScan(buf: Buffer, start: number): number {
    const n = buf.length;
    let pos = start;
    let quote = buf.indexOf(QUOTE, pos);
    let backslash = buf.indexOf(BACKSLASH, pos);
    let closed = false;

    const settleHigh = (): void => {
      if (this.pendingHigh < 0) return;
      this.pendingHigh = -1;
      this.append(FFFD, 0, FFFD.length);
    };

    while (pos < n) {
      const stop = quote < 0 ? n : quote;
      const escapeAt = backslash >= 0 && backslash < stop ? backslash : -1;
      const rawEnd = escapeAt < 0 ? stop : escapeAt;
      if (rawEnd > pos) {
        settleHigh();
        this.raw(buf, pos, rawEnd);
        pos = rawEnd;
      }
      if (pos === n) break;
      if (escapeAt < 0) {
        // The closing quote.
        settleHigh();
        pos++;
        closed = true;
        break;
      }
      // An escape at pos.
      if (pos + 1 >= n) {
        this.escapeCarry = Buffer.from(buf.subarray(pos));
        pos = n;
        break;
      }
      const kind = buf[pos + 1]!;
      if (kind === 0x75) {
        if (pos + 6 > n) {
          this.escapeCarry = Buffer.from(buf.subarray(pos));
          pos = n;
          break;
        }
        let cp = 0;
        for (let k = pos + 2; k < pos + 6; k++) {
          const h = hexValue(buf[k]!);
          if (h < 0) this.syntax(k, 'invalid \\u escape');
          cp = (cp << 4) | h;
        }
        if (cp >= 0xd800 && cp <= 0xdbff) {
          settleHigh();
          this.pendingHigh = cp;
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
          if (this.pendingHigh >= 0) {
            const target = this.room(4);
            this.blockLength = writeUtf8(
              target,
              this.blockLength,
              0x10000 + ((this.pendingHigh - 0xd800) << 10) + (cp - 0xdc00),
            );
            this.pendingHigh = -1;
          } else {
            this.append(FFFD, 0, FFFD.length);
          }
        } else {
          settleHigh();
          this.blockLength = writeUtf8(this.room(4), this.blockLength, cp);
        }
        pos += 6;
      } else {
        const mapped = SIMPLE_ESCAPES[kind];
        if (mapped === undefined) this.syntax(pos + 1, 'invalid escape');
        settleHigh();
        this.room(1)[this.blockLength++] = mapped;
        pos += 2;
      }
      if (quote >= 0 && quote < pos) quote = buf.indexOf(QUOTE, pos);
      if (backslash < pos) backslash = buf.indexOf(BACKSLASH, pos);
    }
    if (closed) {
      this.flushBlock();
      if (this.viaDecoder) this.emit(this.decoder.end());
      this.state = AFTER_VALUE;
    }
    return pos;
  }

  /** Raw UTF-8 of the streamed string: lent as it is when it may be, else gathered. */
  private raw(src: Buffer, from: number, to: number): void {
    if (this.lendChunks && to - from >= LEND_FROM && !this.viaDecoder && this.onStreamBytes) {
      const view = src.subarray(from, to);
      if (isAscii(view)) {
        // what was gathered before (escapes) goes first
        this.flushBlock();
        if (!this.viaDecoder) {
          this.onStreamBytes(view);
          return;
        }
      }
    }
    this.append(src, from, to);
  }

  /** Copies raw UTF-8 of the streamed string into the block, emitting each block as it fills. */
  private append(src: Buffer, from: number, to: number): void {
    while (from < to) {
      const block = this.room(1);
      const n = Math.min(to - from, block.length - this.blockLength);
      src.copy(block, this.blockLength, from, from + n);
      this.blockLength += n;
      from += n;
      if (this.blockLength === block.length) this.flushBlock();
    }
  }

  /** A block given to onStreamBytes, which the consumer no longer needs. */
  giveBack(bytes: Buffer): void {
    // a lent view of the caller's chunk is not ours to fill
    if (bytes.byteOffset === 0 && this.ownBlocks.has(bytes.buffer) && this.spare.length < 4) {
      this.spare.push(Buffer.from(bytes.buffer, 0, STREAM_BLOCK));
    }
  }

  /** The block, emptied first when fewer than `bytes` bytes are free. */
  private room(bytes: number): Buffer {
    this.block ??= this.spare.pop() ?? this.newBlock();
    if (this.block.length - this.blockLength < bytes) {
      this.flushBlock();
      // a block handed to onStreamBytes is gone: take another
      this.block ??= this.spare.pop() ?? this.newBlock();
    }
    return this.block;
  }

  private newBlock(): Buffer {
    const block = Buffer.allocUnsafeSlow(STREAM_BLOCK);
    this.ownBlocks.add(block.buffer);
    return block;
  }

  private flushBlock(): void {
    if (this.blockLength === 0) return;
    const bytes = this.block!.subarray(0, this.blockLength);
    this.blockLength = 0;
    // ASCII (all of Base-64) is the same text in latin1, which V8 builds far faster than
    // UTF-8; once any other byte is seen the StringDecoder joins sequences split across blocks.
    if (!this.viaDecoder && isAscii(bytes)) {
      if (this.onStreamBytes) {
        // handed over whole: the next bytes go to a new block
        this.block = undefined;
        this.onStreamBytes(bytes);
      } else {
        this.emit(bytes.toString('latin1'));
      }
    } else {
      this.viaDecoder = true;
      this.emit(this.decoder.write(bytes));
    }
  }

  private emit(text: string): void {
    if (text.length > 0) this.onStreamChunk(text);
  }
}
