// Bytes Node's parser refuses, on a connection that also carries valid requests or a large
// body (issue 9). The server must answer the valid requests first and in order, never let a
// 400 for later bytes take their place, and never reset a connection it has answered while the
// client is still sending (the reset can wipe the answer out of the client's buffer).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealItem } from '../shared/protocol/envelope.js';
import { keySigner, signRequest, type RequestSigner } from '../shared/protocol/signing.js';
import { SignedClient, sha256Hex } from '../server/test-support/signed-client.js';
import { createCast, startChildServer, stopChild, type Cast, type ChildServer } from './support/cast.js';
import { sendWire } from './support/raw-http.js';

let cast: Cast;
let server: ChildServer | undefined;
let signer: RequestSigner;
let client: SignedClient;
let c = '';

beforeAll(async () => {
  cast = await createCast('pipelined');
  server = await startChildServer(cast.dataDir);
  signer = keySigner(cast.sirb.keyPem);
  client = new SignedClient(server.port);
  c = (await client.post(cast.sirb, '/containers', {})).json().url;
});

afterAll(async () => {
  await stopChild(server);
  cast?.remove();
});

function payload(): Record<string, unknown> {
  return {
    ...sealItem(
      { header: { type: 'study', version: 'IRBX.2' }, content: Buffer.from('pipelined') },
      cast.sirb.certificatePem,
    ),
  };
}

async function putItem(path: string): Promise<void> {
  expect((await client.put(cast.sirb, `${c}/items/${path}`, payload())).status).toBe(201);
}

/** A signed request's head (no body) as bytes, with the given extra headers. */
function signedHead(method: string, target: string, body: Buffer, extra: [string, string][]): Buffer {
  const signed = signRequest(
    {
      method,
      target,
      host: `localhost:${server!.port}`,
      organizationId: cast.sirb.id,
      requestId: randomUUID().replace(/-/g, ''),
      date: new Date(),
      payloadHash: sha256Hex(body),
    },
    signer,
  );
  const headers: [string, string][] = [
    ['User-Agent', 'pipelined/1.0'],
    ...Object.entries(signed.headers),
    ['Content-Length', String(body.length)],
    ...extra,
  ];
  return Buffer.from(
    `${method} ${target} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`,
    'latin1',
  );
}

describe('bytes the parser refuses, after or inside requests', () => {
  it('a valid DELETE with Connection: close followed by garbage: its 204 is the one answer, the garbage is ignored', async () => {
    for (let i = 0; i < 5; i++) {
      await putItem(`close/x${i}`);
      const head = signedHead('DELETE', `${c}/items/close/x${i}`, Buffer.alloc(0), [['Connection', 'close']]);
      const a = await sendWire(server!.port, {
        method: '',
        target: '',
        headers: [],
        wire: Buffer.concat([head, Buffer.from('{"x":1}')]),
      });
      expect(a.hung).toBe(false);
      expect(a.responses.map((r) => r.status)).toEqual([204]);
    }
    expect((await client.get(cast.sirb, `${c}/items/close`)).json()).toEqual([]);
  });

  it('a valid keep-alive DELETE followed by garbage: the 204 first, then the 400 of the table', async () => {
    for (let i = 0; i < 5; i++) {
      await putItem(`keep/x${i}`);
      const head = signedHead('DELETE', `${c}/items/keep/x${i}`, Buffer.alloc(0), []);
      const a = await sendWire(server!.port, {
        method: '',
        target: '',
        headers: [],
        wire: Buffer.concat([head, Buffer.from('{"x":1}\r\n\r\n')]),
      });
      expect(a.hung).toBe(false);
      expect(a.responses.map((r) => r.status)).toEqual([204, 400]);
      expect(JSON.parse(a.responses[1]!.body)).toMatchObject({ code: expect.any(Number), status: 400 });
      expect(a.leftover).toBe(0);
    }
  });

  it('two valid pipelined GETs, then garbage: both 200s in order, then the 400', async () => {
    const one = signedHead('GET', '/containers', Buffer.alloc(0), []);
    const two = signedHead('GET', `${c}/items`, Buffer.alloc(0), []);
    const a = await sendWire(server!.port, {
      method: '',
      target: '',
      headers: [],
      wire: Buffer.concat([one, two, Buffer.from('NOT HTTP\r\n\r\n')]),
    });
    expect(a.responses.map((r) => r.status)).toEqual([200, 200, 400]);
    expect(Array.isArray(JSON.parse(a.responses[0]!.body))).toBe(true);
  });

  it('a refused header in front of a 2 MB body: the 400 always arrives, the connection is not reset under it', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 0x41);
    for (let i = 0; i < 25; i++) {
      const head = Buffer.from(
        `PUT ${c}/items/big/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\nContent-Length: ${body.length + 1}\r\n\r\n`,
        'latin1',
      );
      const a = await sendWire(server!.port, {
        method: '',
        target: '',
        headers: [],
        wire: Buffer.concat([head, body]),
      });
      expect(a.hung).toBe(false);
      expect(a.responses.map((r) => r.status)).toEqual([400]);
    }
  });

  it('a body cut short by the client (FIN) is still answered or closed at once, and the server goes on serving', async () => {
    const body = Buffer.from(JSON.stringify(payload()));
    const head = signedHead('PUT', `${c}/items/cut/x`, body, [['Content-Type', 'application/json']]);
    const a = await sendWire(
      server!.port,
      { method: '', target: '', headers: [], wire: Buffer.concat([head, body.subarray(0, 100)]), halfClose: true },
      10_000,
    );
    expect(a.hung).toBe(false);
    expect(a.responses.every((r) => r.status === 400)).toBe(true);
    expect((await client.get(cast.sirb, `${c}/items/cut`)).json()).toEqual([]);
  });
});
