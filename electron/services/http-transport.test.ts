// What a connection that fails says: cut part way through a body (a refusal to wait out and send
// again), or closed before any of it went (an exchange gone away: a network failure, reported).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRequest, TransportError } from './http-transport.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A raw TCP server: `onSocket` decides what the "exchange" does with the connection. */
async function rawServer(onSocket: (socket: Socket) => void): Promise<URL> {
  const server = createServer(onSocket);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`);
}

const body = Buffer.alloc(4 * 1024 * 1024, 7);
const put = (url: URL) =>
  sendRequest({
    url,
    method: 'PUT',
    headers: { Expect: '100-continue', 'Content-Type': 'application/octet-stream' },
    body: { kind: 'bytes', bytes: body, contentType: 'application/octet-stream' },
  });

describe('sendRequest when the connection fails', () => {
  it('a connection closed before any of the body went, with no answer, is not a body to send again', async () => {
    const url = await rawServer((socket) => socket.once('data', () => socket.destroy()));
    const error = await put(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).bodyUnsent).toBe(false);
  });

  it('a connection cut part way through the body is a body the exchange never had: safe to send again', async () => {
    const url = await rawServer((socket) => {
      let seen = 0;
      socket.once('data', () => socket.write('HTTP/1.1 100 Continue\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > 64 * 1024) socket.destroy();
      });
    });
    const error = await put(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).bodyUnsent).toBe(true);
  });
});
