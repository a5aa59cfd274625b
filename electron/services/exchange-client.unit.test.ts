// The client's own behaviour (signing, retries, skew, errors, streamed uploads) against a
// scripted loopback server; the reference server's answers are covered in exchange-client.test.ts.
import { generateKeyPairSync, createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keySigner } from '../../shared/protocol/signing.js';
import { decryptBytes, unwrapKey } from '../../shared/protocol/envelope.js';
import { wrapKey } from '../../shared/protocol/envelope.js';
import { AnswerError } from './answers.js';
import { ExchangeClient } from './exchange-client.js';
import { CancelledError, ExchangeError, NetworkError } from './exchange-errors.js';
import { startLoopback, sendError, sendJson, type LoopbackServer } from './test-support/loopback-server.js';
import { describeLimit, maxDocumentBytes } from '../../shared/upload-limit.js';
import { prepareDocumentBody, UploadError } from './transfers/upload-body.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let server: LoopbackServer;
let dir: string;
const ORG = 'c'.repeat(32);

beforeAll(async () => {
  server = await startLoopback(publicKey);
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-unit-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

/** Answers of the shapes the interface gives them (the client checks every field). */
function containerOf(id: string) {
  return {
    id,
    url: `/containers/${id}`,
    ownerId: ORG,
    itemsUrl: 'i',
    organizationsUrl: 'o',
    ownerUrl: 'w',
    createdAt: 't',
    updatedAt: 't',
  };
}
function itemOf(id: string) {
  const s = 'x';
  return {
    id,
    url: s,
    contentUrl: s,
    ownerUrl: s,
    containerUrl: s,
    permissionsUrl: s,
    createdAt: s,
    updatedAt: s,
    header: s,
    headerHash: s,
    headerHashAlgorithm: 'SHA256',
    contentHash: s,
    contentHashAlgorithm: 'SHA256',
    key: s,
    keyHash: s,
    keyHashAlgorithm: 'SHA256',
    iv: s,
    algorithm: 'AES',
  };
}

function client(extra: Partial<ConstructorParameters<typeof ExchangeClient>[0]> = {}): ExchangeClient {
  return new ExchangeClient({
    baseUrl: server.url,
    organizationId: ORG,
    signer: keySigner(privateKey),
    retry: { attempts: 3, baseDelayMs: 1 },
    ...extra,
  });
}

describe('requests', () => {
  it('signs every request but GET /ping, with the headers the service requires', async () => {
    const c = client();
    server.respond((_req, res) => sendJson(res, 200, []));
    await c.listItems('abc', 'documents|x y', { recurse: true, since: '2026-01-01T00:00:00-07:00', owner: ORG });
    const req = server.requests[0]!;
    expect(req.url).toBe(
      `/containers/abc/items/documents/x%20y?owner=${ORG}&recurse=true&since=2026-01-01T07%3A00%3A00.000Z`,
    );
    expect(req.signatureValid).toBe(true);
    expect(req.headers['user-agent']).toMatch(/^StudyExchangeDesktop\/\d+\.\d+\.\d+ \(\w+\)$/);
    expect(req.headers['service-irbx-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(req.headers['service-irbx-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(req.headers.authorization).toContain(`Credential=${ORG}`);

    server.respond((_req, res) => res.end('pong'));
    expect(await c.ping()).toBe('pong');
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
    c.close();
  });

  it('signs Content-Type with a body and sends JSON', async () => {
    const c = client();
    server.respond((_req, res) => sendJson(res, 200, []));
    await c.grantItemAccess('abc', 'a/b', 'd'.repeat(32), 'a2V5');
    const req = server.requests[0]!;
    expect(req.signatureValid).toBe(true);
    expect(req.headers.authorization).toMatch(/SignedHeaders=[^,]*content-type/i);
    // the payload hash announced and signed, with 100-continue (decisions §1)
    expect(req.headers.authorization).toMatch(/SignedHeaders=[^,]*Service-IrbX-Content-SHA256/);
    expect(req.headers['service-irbx-content-sha256']).toBe(req.bodyHash);
    expect(req.headers.expect).toBe('100-continue');
    expect(JSON.parse(req.body.toString())).toEqual({ organizationId: 'd'.repeat(32), key: 'a2V5' });
    c.close();
  });

  it('turns a service error into ExchangeError with code, details and request id', async () => {
    const c = client();
    server.respond((_req, res) => sendError(res, 403, 2007, 'not the owner'));
    const error = await c.deleteItem('abc', 'a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error).toMatchObject({
      status: 403,
      code: 2007,
      message: 'error 2007',
      details: 'not the owner',
      retryable: false,
    });
    expect((error as ExchangeError).requestId).toBe(server.requests[0]!.headers['service-irbx-request-id']);
    expect(server.requests).toHaveLength(1);
    c.close();
  });

  it('refuses an answer that is not the shape the interface gives it, naming the field', async () => {
    const c = client();
    const container = containerOf('abc');
    server.respond((_req, res) => sendJson(res, 200, [container, { ...container, ownerId: 42 }]));
    const error = await c.listContainers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerError);
    expect((error as AnswerError).message).toBe(
      `The exchange's answer to GET /containers (entry 2) is not what the interface describes: "ownerId" is not a string.`,
    );
    server.respond((_req, res) => sendJson(res, 200, { id: 'abc' }));
    await expect(c.listContainers()).rejects.toThrow('not a JSON list');
    server.respond((_req, res) => sendJson(res, 200, [container]));
    expect(await c.listContainers()).toEqual([container]);
    c.close();
  });

  it('says an answer that broke off part way as a retryable network failure naming the request, not "aborted"', async () => {
    const c = client();
    const cut = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length + 500) });
      res.write(body, () => setTimeout(() => res.socket?.destroy(), 20));
    };
    server.respond(cut(JSON.stringify(containerOf('abc')).slice(0, 40)));
    const error = await c.getContainer('abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toMatch(/^The exchange's answer to GET \/containers\/abc broke off: /);
    expect((error as NetworkError).requestId).toBe(server.requests.at(-1)!.headers['service-irbx-request-id']);
    server.respond(cut('-----BEGIN CERT'));
    await expect(c.getCertificate('abc')).rejects.toThrow(
      /^The exchange's answer to GET \/organizations\/abc\/certificate broke off: /,
    );
    server.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"id": "abc", oops');
    });
    const malformed = await c.getContainer('abc').catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(AnswerError);
    expect((malformed as AnswerError).message).toMatch(
      /^The exchange's answer to GET \/containers\/abc broke off or is not JSON: /,
    );
    c.close();
  });

  it('hands organizations over with their names cleaned and cut, as the window and the log show them', async () => {
    const c = client();
    const org = {
      id: 'o1',
      url: 'u',
      name: 'Riverside\u202Efdp.exe\u0007 Hospital',
      isSirb: false,
      isDisabled: false,
      certificateUrl: 'c',
      thumbprint: 't',
      createdAt: 't',
      updatedAt: 't',
    };
    server.respond((_req, res) =>
      sendJson(res, 200, [
        org,
        { ...org, id: 'o2', name: 'x'.repeat(100_000) },
        { ...org, id: 'o3', name: '\u200B\u202E' },
      ]),
    );
    const [one, long, blank] = await c.listOrganizations();
    expect(one!.name).toBe('Riversidefdp.exe Hospital');
    expect(long!.name).toHaveLength(200);
    expect(long!.name.endsWith('…')).toBe(true);
    expect(blank!.name).toBe('Unnamed organization');
    server.respond((_req, res) => sendJson(res, 200, org));
    expect((await c.getOrganization('o1')).name).toBe('Riversidefdp.exe Hospital');
    c.close();
  });

  it('refuses an invalid item path before sending', async () => {
    const c = client();
    await expect(c.deleteItem('abc', 'a/../b')).rejects.toThrow(/not valid/);
    expect(server.requests).toHaveLength(0);
    c.close();
  });
});

describe('retries', () => {
  it('retries GET/PUT/DELETE on 5xx with a new request id each time', async () => {
    const c = client();
    server.respond((_req, res, i) => (i < 2 ? sendError(res, 503, 1) : sendJson(res, 200, [])));
    expect(await c.listContainers()).toEqual([]);
    expect(server.requests).toHaveLength(3);
    const ids = new Set(server.requests.map((r) => r.headers['service-irbx-request-id']));
    expect(ids.size).toBe(3);
    c.close();
  });

  it('never retries POST', async () => {
    const c = client();
    server.respond((_req, res) => sendError(res, 500, 1));
    await expect(c.createContainer()).rejects.toMatchObject({ status: 500, retryable: true });
    expect(server.requests).toHaveLength(1);
    c.close();
  });

  it('sends again after Retry-After when the service is busy (1018), POST too', async () => {
    const c = client();
    const at: number[] = [];
    server.respond((_req, res, i) => {
      at.push(Date.now());
      if (i === 0) {
        res.setHeader('Retry-After', '1');
        return sendError(res, 503, 1018);
      }
      sendJson(res, 201, containerOf('c'.repeat(32)));
    });
    await c.createContainer();
    expect(server.requests).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
    c.close();
  });

  it('sends a body cut as too slow (408, 1021) once more, POST too, and then gives the error', async () => {
    const c = client({ retry: { attempts: 1, baseDelayMs: 1 } });
    server.respond((_req, res, i) =>
      i === 0 ? sendError(res, 408, 1021) : sendJson(res, 201, containerOf('c'.repeat(32))),
    );
    await c.createContainer();
    expect(server.requests).toHaveLength(2);
    server.requests.length = 0;
    server.respond((_req, res) => sendError(res, 408, 1021));
    await expect(c.createContainer()).rejects.toMatchObject({ status: 408, code: 1021, retryable: false });
    expect(server.requests).toHaveLength(2);
    c.close();
  });

  it('gives up on busy once its time to wait is spent, with the 1018 error', async () => {
    const c = client({ retry: { attempts: 1, baseDelayMs: 1, busyWaitMs: 1500 } });
    server.respond((_req, res) => {
      res.setHeader('Retry-After', '1');
      sendError(res, 503, 1018);
    });
    await expect(c.createContainer()).rejects.toMatchObject({ status: 503, code: 1018, retryable: true });
    expect(server.requests).toHaveLength(2);
    c.close();
  });

  it('reports an unreachable exchange as NetworkError after retrying', async () => {
    const c = new ExchangeClient({
      baseUrl: 'http://127.0.0.1:1',
      organizationId: ORG,
      signer: keySigner(privateKey),
      retry: { attempts: 2, baseDelayMs: 1 },
    });
    const error = await c.pingSite().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).requestId).toMatch(/^[0-9a-f]{32}$/);
    c.close();
  });

  it('stops when cancelled', async () => {
    const c = client();
    const controller = new AbortController();
    server.respond(() => controller.abort());
    await expect(c.listContainers({ signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    c.close();
  });
});

describe('clock skew', () => {
  it('on 2004 learns the offset from Date, retries once with corrected time and reports it', async () => {
    const tenMinutes = 10 * 60_000;
    const seen: number[] = [];
    const c = client({ now: () => Date.now() - tenMinutes, onClockSkew: (s) => seen.push(s) });
    server.respond((req, res) => {
      const stamp = req.headers['service-irbx-date'] as string;
      const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
      if (Math.abs(Date.parse(iso) - Date.now()) > 180_000)
        sendError(res, 401, 2004, `server time ${new Date().toISOString()}`);
      else sendJson(res, 201, containerOf('x'));
    });
    // Even a POST: the refusal came before anything was done.
    expect(await c.createContainer()).toEqual(containerOf('x'));
    expect(server.requests).toHaveLength(2);
    expect(seen).toHaveLength(1);
    expect(Math.abs(seen[0]! - tenMinutes)).toBeLessThan(5_000);
    expect(c.clockSkewMs).toBe(seen[0]);
    c.close();
  });

  it('retries a 2004 only once', async () => {
    const c = client();
    server.respond((_req, res) => sendError(res, 401, 2004));
    await expect(c.listContainers()).rejects.toMatchObject({ code: 2004 });
    expect(server.requests).toHaveLength(2);
    c.close();
  });
});

describe('streamed document upload body', () => {
  const selfKey = (key: Buffer): string => wrapKey(key, publicKey);

  it('sends valid JSON whose hash is the signed one, with content before contentHash', async () => {
    const file = path.join(dir, 'report.pdf');
    const data = randomBytes(3 * 1024 * 1024 + 17);
    await writeFile(file, data);
    const progress: string[] = [];
    const doc = await prepareDocumentBody({
      file,
      wrapForSelf: selfKey,
      onProgress: (e) => progress.push(`${e.phase}:${e.bytes}/${e.total}`),
    });
    expect(doc.header).toMatchObject({
      type: 'document',
      version: 'IRBX.2',
      name: 'report',
      fileName: 'report.pdf',
      mediaType: 'application/pdf',
      size: data.length,
    });
    const c = client();
    server.respond((req, res, i) => (i === 0 ? sendError(res, 503, 1) : sendJson(res, 201, itemOf('docs|1'))));
    const saved = await c.saveItem('abc', 'docs/1', doc.body);
    expect(saved.created).toBe(true);
    // The retry re-sent the same body (same hash) with a valid signature each time.
    expect(server.requests).toHaveLength(2);
    for (const req of server.requests) {
      expect(req.signatureValid).toBe(true);
      expect(req.bodyHash).toBe(doc.body.sha256);
      expect(req.body.length).toBe(doc.body.length);
    }
    const text = server.requests[1]!.body.toString('latin1');
    expect(text.indexOf('"content"')).toBeLessThan(text.indexOf('"contentHash"'));
    const json = JSON.parse(text) as Record<string, string>;
    const key = unwrapKey(json.key!, privateKey);
    const k = { key, iv: Buffer.from(json.iv!, 'hex') };
    expect(decryptBytes(Buffer.from(json.content!, 'base64'), k).equals(data)).toBe(true);
    expect(JSON.parse(decryptBytes(Buffer.from(json.header!, 'base64'), k).toString())).toEqual(doc.header);
    expect(json.contentHash).toBe(createHash('sha256').update(data).digest('hex'));
    expect(json.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(progress.at(-1)).toBe(`sending:${data.length}/${data.length}`);
    expect(progress.some((p) => p.startsWith('preparing:'))).toBe(true);
    c.close();
  });

  it('refills the text blocks the socket has sent, and the server still receives every byte as encrypted', async () => {
    const file = path.join(dir, 'large.bin');
    const data = randomBytes(12 * 1024 * 1024 + 3);
    await writeFile(file, data);
    const doc = await prepareDocumentBody({ file, wrapForSelf: selfKey });
    const sent: ArrayBufferLike[] = [];
    const body = { ...doc.body, written: (chunk: Buffer) => (sent.push(chunk.buffer), doc.body.written!(chunk)) };
    const c = client();
    server.respond((_req, res) => sendJson(res, 201, itemOf('docs|2')));
    await c.saveItem('abc', 'docs/2', body);
    // blocks came back and went out again: fewer memories than blocks sent
    expect(sent.length).toBeGreaterThan(12);
    expect(new Set(sent).size).toBeLessThan(sent.length);
    const req = server.requests[0]!;
    expect(req.bodyHash).toBe(doc.body.sha256);
    const json = JSON.parse(req.body.toString('latin1')) as Record<string, string>;
    const k = { key: unwrapKey(json.key!, privateKey), iv: Buffer.from(json.iv!, 'hex') };
    expect(decryptBytes(Buffer.from(json.content!, 'base64'), k).equals(data)).toBe(true);
    c.close();
  });

  it('refuses to send a file changed since its hash was signed, even at the same size', async () => {
    const file = path.join(dir, 'edited.bin');
    const data = randomBytes(2 * 1024 * 1024 + 5);
    await writeFile(file, data);
    const doc = await prepareDocumentBody({ file, wrapForSelf: selfKey });
    data[1000] = data[1000]! ^ 1;
    await writeFile(file, data);
    const sent = doc.body.open();
    const error = await (async () => {
      for await (const _chunk of sent) void _chunk;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).failure).toBe('file-changed');
  });

  it('a send abandoned halfway (a reset socket, a retry) closes the file at once', async () => {
    const file = path.join(dir, 'abandoned.bin');
    await writeFile(file, randomBytes(6 * 1024 * 1024));
    const doc = await prepareDocumentBody({ file, wrapForSelf: selfKey });
    const openOnFile = (): number =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    for (let attempt = 0; attempt < 3; attempt++) {
      const body = doc.body.open();
      // past the JSON prefix and into the content, so the file is being read
      let got = 0;
      await new Promise<void>((resolve) => {
        body.on('data', (chunk: Buffer) => {
          got += chunk.length;
          if (got > 2 * 1024 * 1024) {
            body.pause();
            resolve();
          }
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      body.on('error', () => undefined);
      body.destroy(new Error('socket reset'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(openOnFile()).toBe(0);
    }
  });

  it('refuses a document over the request limit before reading it, naming the limit', async () => {
    const file = path.join(dir, 'big.bin');
    await writeFile(file, randomBytes(4096));
    const error = await prepareDocumentBody({ file, wrapForSelf: selfKey, limitBytes: 4096 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).failure).toBe('too-large');
    expect(String((error as Error).message)).toMatch(/at most 0 MiB/);
    const real = await prepareDocumentBody({ file, wrapForSelf: selfKey }).catch((e: unknown) => e);
    expect(real).not.toBeInstanceOf(Error);
    expect(Math.floor(maxDocumentBytes() / 1024 / 1024)).toBe(224);
    expect(describeLimit()).toMatch(/at most 300 MiB, which is about 224 MiB of document/);
  });
});
