import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, TransportError } from './http-transport.js';

const MIB = 1024 * 1024;
// 70 MiB of JSON array: more than the old 64 MiB cap on JSON answers
const ELEMENT = `"${'x'.repeat(1022)}"`;
const COUNT = 70 * 1024;

let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    let i = 0;
    const more = (): void => {
      while (i < COUNT) {
        const piece = `${i === 0 ? '[' : ','}${ELEMENT}${i === COUNT - 1 ? ']' : ''}`;
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

describe('readText', () => {
  it('reads a JSON answer larger than 64 MiB', async () => {
    const list = JSON.parse(await readText(await get())) as string[];
    expect(list).toHaveLength(COUNT);
    expect(list[COUNT - 1]).toBe(ELEMENT.slice(1, -1));
  });

  it('refuses an answer over its limit', async () => {
    await expect(readText(await get(), 8 * MIB)).rejects.toBeInstanceOf(TransportError);
  });

  it('joins UTF-8 characters split between chunks', async () => {
    const bytes = Buffer.from('["é€😀"]');
    const chunks = Array.from(bytes, (b) => Buffer.from([b]));
    expect(JSON.parse(await readText(Readable.from(chunks)))).toEqual(['é€😀']);
  });
});
