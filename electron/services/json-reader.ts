// Reads a JSON answer as it arrives. A top-level array (a listing: 100,000 items are about
// 150 MiB) is cut into its elements while the chunks come in, and each element is parsed
// at once: parsing overlaps the server still writing, and the whole text is never held.
// Any other value is parsed whole at the end. The result equals JSON.parse of the text,
// and malformed text throws a SyntaxError as JSON.parse would.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { limitedChunks } from './http-transport.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Splits the text of one top-level JSON array into parsed elements, fed in any pieces. */
export class JsonArraySplitter {
  /** The elements parsed and not yet taken. */
  readonly items: unknown[] = [];
  private count = 0; // elements parsed in all
  private text = ''; // from the start of the current element (or the opening '[')
  private pos = 0; // next character of `text` to scan
  private start = -1; // where the current element starts in `text`; -1 before '['
  private depth = 0; // nesting inside the current element
  private inString = false;
  private afterComma = false;
  private closed = false;

  push(piece: string): void {
    if (piece.length === 0) return;
    this.text = this.start > 0 ? this.text.slice(this.start) + piece : this.text + piece;
    if (this.start > 0) {
      this.pos -= this.start;
      this.start = 0;
    }
    // An element the scanner began (or what precedes the array) is finished by the scanner; the
    // complete elements after it are parsed together, and what follows them is left unscanned
    // for the next piece to complete (or end()). When they cannot be, the scanner takes the rest.
    if (this.pos > this.start || this.start < 0) this.scan(true);
    if (this.pos === this.start && !this.closed && this.batch()) return;
    this.scan(false);
  }

  /**
   * Parses every element up to the last `},` at once: one JSON.parse instead of a scan and a
   * parse per element. `[` + that text + `]` parses only if the `}` closes an element of the
   * array (a cut inside a string or a nested value leaves the string or a bracket open), so on
   * success the comma is the array's own and the elements are exactly what the scan would find.
   * Otherwise (such a `},`, malformed text) the scanner takes it, with its errors.
   */
  private batch(): boolean {
    const cut = this.text.lastIndexOf('},');
    if (cut < this.start) return false;
    let parsed: unknown[];
    try {
      parsed = JSON.parse(`[${this.text.slice(this.start, cut + 1)}]`) as unknown[];
    } catch {
      return false;
    }
    for (const element of parsed) this.items.push(element);
    this.count += parsed.length;
    this.afterComma = true;
    this.start = this.pos = cut + 2;
    return true;
  }

  /** The elements parsed since the last take (a listing handed on page by page). */
  take(): unknown[] {
    return this.items.splice(0);
  }

  /** The elements not taken, once the array has closed. */
  end(): unknown[] {
    this.scan(false); // what the last piece left after the elements parsed together
    if (!this.closed) throw new SyntaxError('Unexpected end of JSON input');
    return this.items;
  }

  /** `oneElement`: stop once an element has ended (the scanner is then at the next one's start). */
  private scan(oneElement: boolean): void {
    const text = this.text;
    const n = text.length;
    let i = this.pos;
    while (i < n) {
      if (this.inString) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          i = n;
          break;
        }
        // escaped when preceded by an odd run of backslashes
        let b = q - 1;
        while (b >= 0 && text.charCodeAt(b) === BACKSLASH) b--;
        i = q + 1;
        if ((q - 1 - b) % 2 === 0) this.inString = false;
        continue;
      }
      const c = text.charCodeAt(i);
      if (this.closed) {
        if (!isSpace(c)) throw new SyntaxError(`Unexpected non-whitespace character after JSON at position ${i}`);
      } else if (this.start < 0) {
        if (c === 0x5b) this.start = i + 1;
        else if (!isSpace(c)) throw new SyntaxError(`Unexpected token in JSON at position ${i}`);
      } else if (c === QUOTE) {
        this.inString = true;
      } else if (c === 0x7b || c === 0x5b) {
        this.depth++;
      } else if ((c === 0x7d || c === 0x5d) && this.depth > 0) {
        this.depth--;
      } else if (this.depth === 0 && (c === 0x2c || c === 0x5d)) {
        this.element(text.slice(this.start, i), c === 0x5d);
        this.start = i + 1;
        if (c === 0x5d) this.closed = true;
        else if (oneElement) {
          i++;
          break;
        }
      } else if (this.depth === 0 && c === 0x7d) {
        throw new SyntaxError(`Unexpected token '}' in JSON at position ${i}`);
      }
      i++;
    }
    this.pos = i;
  }

  private element(raw: string, last: boolean): void {
    if (raw.trim() === '') {
      // `[]` is the only place an element may be missing
      if (last && !this.afterComma && this.count === 0) return;
      throw new SyntaxError('Unexpected token in JSON: a missing array element');
    }
    this.items.push(JSON.parse(raw));
    this.count++;
    this.afterComma = !last;
  }
}

/** Parses a JSON answer as it arrives (see above); undefined for an empty body. */
export async function readJsonStreaming(res: Readable, limit: number): Promise<unknown> {
  const decoder = new StringDecoder('utf8');
  let splitter: JsonArraySplitter | undefined;
  let whole = ''; // a non-array answer, or the leading whitespace before we know
  const feed = (text: string): void => {
    if (splitter) return splitter.push(text);
    whole += text;
    const first = whole.trimStart();
    if (first.startsWith('[')) {
      splitter = new JsonArraySplitter();
      splitter.push(whole);
      whole = '';
    }
  };
  for await (const buf of limitedChunks(res, limit)) feed(decoder.write(buf));
  feed(decoder.end());
  if (splitter) return splitter.end();
  return whole === '' ? undefined : JSON.parse(whole);
}

/**
 * A JSON array answer read page by page: each page holds the elements completed by the chunks
 * read so far, in order, so the caller can use the first ones while the rest still arrive.
 * Anything but an array (or malformed text) throws a SyntaxError, after the pages before it.
 */
export async function* readJsonArrayPages(res: Readable, limit: number): AsyncGenerator<unknown[]> {
  const decoder = new StringDecoder('utf8');
  const splitter = new JsonArraySplitter();
  for await (const buf of limitedChunks(res, limit)) {
    splitter.push(decoder.write(buf));
    const page = splitter.take();
    if (page.length > 0) yield page;
  }
  splitter.push(decoder.end());
  const last = splitter.end();
  if (last.length > 0) yield last;
}
