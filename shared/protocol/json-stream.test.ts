import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ItemJsonStreamParser,
  JsonStreamError,
  type ItemJsonStreamOptions,
  type JsonStreamFailure,
} from './json-stream.js';

/** Cuts bytes into random pieces of 1..max bytes. */
function randomPieces(data: Buffer, max: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < data.length;) {
    const n = Math.min(data.length - at, randomInt(1, max + 1));
    out.push(data.subarray(at, at + n));
    at += n;
  }
  return out;
}

function parse(input: string | Buffer, pieces?: Buffer[], options: Partial<ItemJsonStreamOptions> = {}) {
  const chunks: string[] = [];
  const parser = new ItemJsonStreamParser({ onStreamChunk: (text) => chunks.push(text), ...options });
  for (const piece of pieces ?? [Buffer.from(input)]) parser.write(piece);
  const result = parser.end();
  return { ...result, streamed: chunks.join(''), calls: chunks.length };
}

function failureOf(
  input: string | Buffer,
  options: Partial<ItemJsonStreamOptions> = {},
  bytewise = false,
): JsonStreamFailure | 'no error' {
  const bytes = Buffer.from(input);
  try {
    parse(bytes, bytewise ? randomPieces(bytes, 1) : undefined, options);
  } catch (error) {
    if (error instanceof JsonStreamError) return error.failure;
    throw error;
  }
  return 'no error';
}

const UNICODE = ['a', 'é', '€', '😀', '"', '\\', '/', '\n', '\t', '\u0001', '\u2028', 'z', ' '];

function randomString(max: number): string {
  let s = '';
  const n = randomInt(0, max + 1);
  for (let i = 0; i < n; i++) s += UNICODE[randomInt(UNICODE.length)];
  return s;
}

function randomValue(depth: number): unknown {
  const kind = randomInt(depth > 3 ? 5 : 7);
  switch (kind) {
    case 0:
      return randomString(12);
    case 1:
      return randomInt(-1e6, 1e6) / 7;
    case 2:
      return randomInt(2) === 0;
    case 3:
      return null;
    case 4:
      return randomInt(0, 100);
    case 5:
      return Array.from({ length: randomInt(0, 4) }, () => randomValue(depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: randomInt(0, 4) }, (_, i) => [`k${i}${randomString(3)}`, randomValue(depth + 1)]),
      );
  }
}

describe('ItemJsonStreamParser', () => {
  it('streams the content field and collects the others', () => {
    const r = parse('{"header":"aGVhZA==","content":"YWJj","nested":{"x":[1,2,"s",{"y":null}]},"n":-1.5e3,"t":true}');
    expect(r.streamed).toBe('YWJj');
    expect(r.sawStreamField).toBe(true);
    expect(r.fields).toEqual({ header: 'aGVhZA==', nested: { x: [1, 2, 's', { y: null }] }, n: -1500, t: true });
  });

  it('reports a missing stream field, and an empty object', () => {
    expect(parse('{"a":1}').sawStreamField).toBe(false);
    expect(parse(' {} ').fields).toEqual({});
  });

  it('matches JSON.parse under random documents and random chunking (fuzz)', () => {
    for (let round = 0; round < 150; round++) {
      const others = Object.fromEntries(
        Array.from({ length: randomInt(0, 6) }, (_, i) => [`f${i}${randomString(2)}`, randomValue(0)]),
      );
      const content =
        randomString(randomInt(0, 3) === 0 ? 2000 : 40) + randomBytes(randomInt(0, 3000)).toString('base64');
      const entries = Object.entries(others);
      entries.splice(randomInt(entries.length + 1), 0, ['content', content]);
      let text = JSON.stringify(Object.fromEntries(entries), null, randomInt(2) === 0 ? 0 : 2);
      // Some producers escape '/' and non-ASCII; both must decode to the same text.
      if (randomInt(2) === 0) text = text.replace(/\//g, '\\/');
      if (randomInt(3) === 0)
        text = text.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
      const bytes = Buffer.from(text);
      const r = parse(bytes, randomPieces(bytes, randomInt(1, 64)));
      expect(r.streamed).toBe(content);
      expect(r.fields).toEqual(others);
    }
  });

  it('joins UTF-8 and escapes split at every byte boundary', () => {
    const content = 'é€😀\\"/\u2028x';
    const text = JSON.stringify({ content }).replace('/', '\\/').replace('😀', '\\ud83d\\ude00');
    const bytes = Buffer.from(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const r = parse(bytes, [bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(r.streamed).toBe(content);
    }
    expect(parse(bytes, randomPieces(bytes, 1)).streamed).toBe(content);
  });

  it('a lone surrogate escape in the stream becomes U+FFFD', () => {
    expect(parse('{"content":"a\\ud83db\\ude00"}').streamed).toBe('a\ufffdb\ufffd');
  });

  it('delivers a 24 MiB field in pieces, not one per escape', () => {
    const b64 = randomBytes(18 * 1024 * 1024).toString('base64');
    const bytes = Buffer.from(JSON.stringify({ id: 'x', content: b64 }).replace(/\//g, '\\/'));
    const r = parse(bytes, randomPieces(bytes, 256 * 1024));
    expect(r.streamed.length).toBe(b64.length);
    expect(r.streamed === b64).toBe(true);
    expect(r.calls).toBeLessThan(1000);
    expect(r.fields).toEqual({ id: 'x' });
  });

  it('hands the streamed text on in blocks of 1 MiB, however small the pieces', () => {
    const b64 = randomBytes(3 * 1024 * 1024).toString('base64');
    const bytes = Buffer.from(JSON.stringify({ content: b64 }));
    const r = parse(bytes, randomPieces(bytes, 64 * 1024));
    expect(r.streamed === b64).toBe(true);
    expect(r.calls).toBe(Math.ceil(b64.length / (1024 * 1024)));
  });

  it('hands ASCII on as bytes the consumer may keep, and text after the first other byte as strings', () => {
    const ascii = 'QUJD'.repeat(600_000); // 2.4 MB: three blocks
    const text = `${ascii}\u00e9tail`;
    const bytes: Buffer[] = [];
    const strings: string[] = [];
    const parser = new ItemJsonStreamParser({
      onStreamBytes: (b) => bytes.push(b),
      onStreamChunk: (s) => strings.push(s),
    });
    const input = Buffer.from(JSON.stringify({ content: text, other: 1 }));
    for (const piece of randomPieces(input, 100_000)) parser.write(piece);
    expect(parser.end().fields).toEqual({ other: 1 });
    // every block is its own Buffer: keeping one does not see it overwritten by the next
    expect(new Set(bytes.map((b) => b.buffer)).size).toBe(bytes.length);
    expect(Buffer.concat(bytes).toString('latin1') + strings.join('')).toBe(text);
    expect(strings.join('')).toMatch(/^[\s\S]*\u00e9tail$/);
  });

  it('an escape that ends a handed-over block continues in a new one', () => {
    // valid JSON: '\\u0041' is 'A', and it needs room where the 1 MiB block has only 2 bytes left
    for (const before of [1024 * 1024 - 3, 1024 * 1024 - 2, 1024 * 1024 - 1]) {
      const received: Buffer[] = [];
      const parser = new ItemJsonStreamParser({
        onStreamBytes: (b) => received.push(b),
        onStreamChunk: () => undefined,
      });
      parser.write(Buffer.from(`{"content":"${'A'.repeat(before)}\\u0041AAA"}`));
      parser.end();
      expect(Buffer.concat(received).toString('latin1') === 'A'.repeat(before + 4)).toBe(true);
    }
  });

  it('fills a block given back again instead of taking new memory', () => {
    const seen: ArrayBufferLike[] = [];
    const received: Buffer[] = [];
    const parser: ItemJsonStreamParser = new ItemJsonStreamParser({
      onStreamBytes: (b) => {
        seen.push(b.buffer);
        received.push(Buffer.from(b));
        parser.giveBack(b);
      },
      onStreamChunk: () => undefined,
    });
    const b64 = randomBytes(4 * 1024 * 1024).toString('base64');
    parser.write(Buffer.from(JSON.stringify({ content: b64 })));
    parser.end();
    expect(seen.length).toBeGreaterThan(4);
    expect(new Set(seen).size).toBe(1);
    expect(Buffer.concat(received).toString('latin1') === b64).toBe(true);
  });
  it('with lendChunks, ASCII runs are views of the written chunk (nothing gathered), escapes and other text in order', () => {
    const text = `${'QUJD'.repeat(50_000)}\n\u0041${'RUZH'.repeat(30_000)}\u00e9tail${'x'.repeat(10)}`;
    const input = Buffer.from(JSON.stringify({ content: text, other: 1 }));
    const chunks = randomPieces(input, 70_000).map((p) => Buffer.from(p));
    const seen: string[] = [];
    let lent = 0;
    const parser = new ItemJsonStreamParser({
      lendChunks: true,
      onStreamBytes: (b) => {
        if (chunks.some((c) => c.buffer === b.buffer)) lent++;
        seen.push(b.toString('latin1'));
        parser.giveBack(b);
      },
      onStreamChunk: (t) => seen.push(t),
    });
    const copies = chunks.map((c) => Buffer.from(c));
    for (const c of chunks) parser.write(c);
    expect(parser.end().fields).toEqual({ other: 1 });
    expect(seen.join('') === text).toBe(true);
    expect(lent).toBeGreaterThan(3);
    // a lent view given back is never filled again: the caller's chunks are unchanged
    expect(chunks.every((c, i) => c.equals(copies[i]!))).toBe(true);
  });

  it('with lendChunks, text full of escapes is still handed on in large pieces', () => {
    // valid JSON that escapes every '/', as some encoders do
    const b64 = randomBytes(1024 * 1024).toString('base64');
    const input = Buffer.from(`{"content":"${b64.replaceAll('/', '\\/')}"}`);
    let calls = 0;
    const seen: string[] = [];
    const parser = new ItemJsonStreamParser({
      lendChunks: true,
      onStreamBytes: (b) => {
        calls++;
        seen.push(b.toString('latin1'));
        parser.giveBack(b);
      },
      onStreamChunk: (t) => seen.push(t),
    });
    for (const piece of randomPieces(input, 65_536)) parser.write(piece);
    parser.end();
    expect(seen.join('') === b64).toBe(true);
    expect(calls).toBeLessThan(10);
  });

  it('joins a UTF-8 character split by the block boundary', () => {
    const text = `${'a'.repeat(1024 * 1024 - 1)}\u00e9\u{1f600}${'b'.repeat(10)}`;
    const r = parse(JSON.stringify({ content: text }), undefined);
    expect(r.streamed === text).toBe(true);
  });

  it('uses another stream field name when told', () => {
    const r = parse('{"content":"small","data":"big"}', undefined, { streamField: 'data' });
    expect(r.streamed).toBe('big');
    expect(r.fields).toEqual({ content: 'small' });
  });

  it('duplicate keys: the last wins; "__proto__" is plain data', () => {
    const r = parse('{"a":1,"a":2,"__proto__":{"polluted":true}}');
    expect(r.fields.a).toBe(2);
    expect(Object.getPrototypeOf(r.fields)).toBe(Object.prototype);
    expect(Object.keys(r.fields)).toEqual(['a', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('each kind of bad input gives its failure', () => {
    expect(failureOf('[1]')).toBe('not-object');
    expect(failureOf('"x"')).toBe('not-object');
    expect(failureOf('{"content":5}')).toBe('stream-field-type');
    expect(failureOf('{"content":null}')).toBe('stream-field-type');
    expect(failureOf('{"content":"a","content":"b"}')).toBe('syntax');
    expect(failureOf('{"a":1,}')).toBe('syntax');
    expect(failureOf('{"a" 1}')).toBe('syntax');
    expect(failureOf('{"a":1} x')).toBe('syntax');
    expect(failureOf('{"a":tru}')).toBe('syntax');
    expect(failureOf('{"a":[1,}')).toBe('syntax');
    expect(failureOf('{"a":}')).toBe('syntax');
    expect(failureOf('{a:1}')).toBe('syntax');
    expect(failureOf('{"content":"ab\\x"}')).toBe('syntax');
    expect(failureOf('{"content":"ab\\u12g4"}')).toBe('syntax');
    expect(failureOf('')).toBe('incomplete');
    expect(failureOf('{"a":1')).toBe('incomplete');
    expect(failureOf('{"content":"abc')).toBe('incomplete');
    expect(failureOf('{"content":"abc\\')).toBe('incomplete');
    expect(failureOf('{"a":{"b":1}')).toBe('incomplete');
  });

  it('the same failures when fed one byte at a time', () => {
    expect(failureOf('{"content":"a","content":"b"}', {}, true)).toBe('syntax');
    expect(failureOf('{"content":"ab\\u12g4"}', {}, true)).toBe('syntax');
    expect(failureOf('{"content":"abc\\u00', {}, true)).toBe('incomplete');
    expect(failureOf('{"content" : 7}', {}, true)).toBe('stream-field-type');
  });

  it('limits depth and string length', () => {
    const nested = (n: number) => '{"a":' + '['.repeat(n) + ']'.repeat(n) + '}';
    expect(failureOf(nested(31))).toBe('no error');
    expect(failureOf(nested(32))).toBe('too-deep');
    expect(failureOf(nested(5), { maxDepth: 5 })).toBe('too-deep');
    expect(failureOf(JSON.stringify({ a: 'x'.repeat(10) }), { maxStringLength: 10 })).toBe('no error');
    expect(failureOf(JSON.stringify({ a: 'x'.repeat(11) }), { maxStringLength: 10 })).toBe('too-long');
    expect(failureOf(JSON.stringify({ a: '\\n'.repeat(5) }), { maxStringLength: 10 })).toBe('no error');
    expect(failureOf('{"a":"' + '\\u00e9'.repeat(10) + '"}', { maxStringLength: 10 })).toBe('no error');
    expect(failureOf(JSON.stringify({ a: '😀'.repeat(6) }), { maxStringLength: 10 })).toBe('too-long');
    expect(failureOf(JSON.stringify({ ['k'.repeat(11)]: 1 }), { maxStringLength: 10 })).toBe('too-long');
    expect(failureOf(JSON.stringify({ a: [1, 2, 3, 4, 5, 6] }), { maxValueBytes: 8 })).toBe('too-long');
    // The streamed field is not subject to the string limit.
    expect(failureOf(JSON.stringify({ content: 'x'.repeat(100) }), { maxStringLength: 10 })).toBe('no error');
  });

  it('keeps failing after an error', () => {
    const parser = new ItemJsonStreamParser({ onStreamChunk: () => undefined });
    expect(() => parser.write(Buffer.from('['))).toThrow(JsonStreamError);
    expect(() => parser.write(Buffer.from('{}'))).toThrow(/not an object/);
    expect(() => parser.end()).toThrow(/not an object/);
  });
});
