import { randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransportError } from './http-transport.js';
import { JsonArraySplitter, readJsonArrayPages, readJsonStreaming } from './json-reader.js';

const MIB = 1024 * 1024;
// 70 MiB of JSON array: more than the old 64 MiB cap on JSON answers
const ELEMENT = { id: 'x'.repeat(1000), tricky: 'a "quoted" ] } , \\ [ {' };
const ELEMENT_JSON = JSON.stringify(ELEMENT);
const COUNT = Math.ceil((70 * MIB) / ELEMENT_JSON.length);

let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    let i = 0;
    const more = (): void => {
      while (i < COUNT) {
        const piece = `${i === 0 ? '[' : ','}${ELEMENT_JSON}${i === COUNT - 1 ? ']' : ''}`;
        i++;
        if (!res.write(piece)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get(url, resolve).on('error', reject));
}

/** The text cut into random pieces (by UTF-8 bytes, so characters are split too). */
function pieces(text: string, max: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const n = Math.min(bytes.length - at, randomInt(1, max + 1));
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

async function read(text: string, max = 7): Promise<unknown> {
  return readJsonStreaming(Readable.from(pieces(text, max)), MIB);
}

async function outcome(text: string, max = 7): Promise<unknown> {
  try {
    return { value: await read(text, max) };
  } catch (e) {
    return { error: (e as Error).name };
  }
}

function expected(text: string): unknown {
  try {
    return { value: text === '' ? undefined : JSON.parse(text) };
  } catch (e) {
    return { error: (e as Error).name };
  }
}

describe('readJsonStreaming', () => {
  it('reads a JSON array larger than 64 MiB over HTTP', async () => {
    const list = (await readJsonStreaming(await get(), 500 * MIB)) as (typeof ELEMENT)[];
    expect(list).toHaveLength(COUNT);
    expect(list[COUNT - 1]).toEqual(ELEMENT);
  });

  it('refuses an answer over its limit', async () => {
    await expect(readJsonStreaming(await get(), 8 * MIB)).rejects.toBeInstanceOf(TransportError);
  });

  it('equals JSON.parse for arrays and other values, however the text is cut', async () => {
    const texts = [
      '',
      '[]',
      ' [ ] ',
      '[1]',
      '[1, "two", null, true, {"a": [1, {"b": "]}"}]}, [[], [3]], -0.5e3]',
      '["\\"", "\\\\", "\\\\\\"]", "é€😀", "\\u005d"]',
      '{"code": 1015, "items": [1, 2]}',
      '"text"',
      '42',
      '\n[{"id": "a|b"}]\n',
    ];
    for (const text of texts) {
      for (const max of [1, 3, 64]) expect(await outcome(text, max), `${text} / ${max}`).toEqual(expected(text));
    }
  });

  it('throws a SyntaxError where JSON.parse would', async () => {
    for (const text of [
      '[',
      '[1,]',
      '[,1]',
      '[1,,2]',
      '[1 2]',
      '[1}',
      '[{"a":1}}]',
      '[1] x',
      '[1]]',
      '["open]',
      '  ',
      '[{]',
    ]) {
      for (const max of [1, 64]) {
        expect(await outcome(text, max), `${text} / ${max}`).toEqual({ error: 'SyntaxError' });
        expect(expected(text)).toEqual({ error: 'SyntaxError' });
      }
    }
  });

  it('equals JSON.parse when elements hold "}," in strings and nested values (parsed together or one by one)', async () => {
    const tricky = ['},', '"},{"', '}, {', '\\', ']', '},"x":{'];
    for (let round = 0; round < 40; round++) {
      const list = Array.from({ length: randomInt(0, 30) }, (_, i) => {
        const s = tricky[randomInt(0, tricky.length)]! + 'é'.repeat(randomInt(0, 3));
        return i % 3 === 0
          ? { id: s, inner: { a: [{ b: s }, {}], c: {} } }
          : i % 3 === 1
            ? { id: `${i}`, s }
            : [{ s }, {}];
      });
      const text = JSON.stringify(list, null, round % 2 ? 1 : undefined);
      for (const max of [5, 40, 400]) expect(await outcome(text, max), `${text} / ${max}`).toEqual({ value: list });
    }
  });

  it('throws where JSON.parse would when the fault lies among elements that could be parsed together', async () => {
    for (const text of [
      '[{"a":1},{"b":2}},{"c":3},{"d":4}]',
      '[{"a":1},{"b":2},,{"c":3},{"d":4}]',
      '[{"a":1}{"b":2},{"c":3},{"d":4}]',
      '[{"a":1},{"b":"x},{"c":3},{"d":4}]',
    ]) {
      for (const max of [3, 64]) expect(await outcome(text, max), `${text} / ${max}`).toEqual({ error: 'SyntaxError' });
      expect(expected(text)).toEqual({ error: 'SyntaxError' });
    }
  });

  it('parses each element as soon as it is complete', () => {
    const s = new JsonArraySplitter();
    s.push('[{"a":1},{"b"');
    expect(s.items).toEqual([{ a: 1 }]);
    s.push(':2}]');
    expect(s.end()).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe('readJsonArrayPages', () => {
  it('gives an array in pages, while it arrives, that together equal JSON.parse', async () => {
    const pages: unknown[][] = [];
    for await (const page of readJsonArrayPages(await get(), 500 * MIB)) pages.push(page);
    // the 70 MiB answer arrives in many chunks: many pages, none empty, the elements in order
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.every((p) => p.length > 0)).toBe(true);
    expect(pages.flat()).toHaveLength(COUNT);
    expect(pages.flat()[COUNT - 1]).toEqual(ELEMENT);
    const text = '[1, "two", {"a": [1, {"b": "]}"}]}, [[], [3]], -0.5e3]';
    const cut: unknown[] = [];
    for await (const page of readJsonArrayPages(Readable.from(pieces(text, 3)), MIB)) cut.push(...page);
    expect(cut).toEqual(JSON.parse(text));
  });

  it('throws after the pages before a break: not an array, or text that stops', async () => {
    const collect = async (text: string): Promise<{ got: unknown[]; error?: string }> => {
      const got: unknown[] = [];
      try {
        for await (const page of readJsonArrayPages(Readable.from([Buffer.from(text)]), MIB)) got.push(...page);
      } catch (e) {
        return { got, error: (e as Error).name };
      }
      return { got };
    };
    expect(await collect('{"code": 1015}')).toEqual({ got: [], error: 'SyntaxError' });
    expect(await collect('[{"a":1},{"b":2},{"c"')).toEqual({ got: [{ a: 1 }, { b: 2 }], error: 'SyntaxError' });
    expect(await collect('[]')).toEqual({ got: [] });
  });
});
