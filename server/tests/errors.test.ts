// Every error code of protocol.md §5 produced by a real request, and bad input that must
// never give a 5xx (except the one deliberate internal failure, code 1).
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { issueIdentity } from '../../shared/protocol/certificates.js';
import { keySigner, signRequest } from '../../shared/protocol/signing.js';
import { MAX_REQUEST_BYTES, MAX_SEGMENT_LENGTH } from '../../shared/limits.js';
import { BUSY_RETRY_AFTER_SECONDS } from '../http/responses.js';
import { startExchange } from '../index.js';
import { newRequestId, sendRaw, SignedClient, sha256Hex, type TestResponse } from '../test-support/signed-client.js';
import { createWorld, payloadFor, studyWithSite, type World } from '../test-support/world.js';
import { STORES } from '../test-support/stores.js';

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;
  const seen = new Set<number>();

  beforeAll(async () => {
    w = await createWorld({ storeKind });
    c = await studyWithSite(w);
    await w.client.put(w.sirb, `${c}/items/base`, payloadFor(w.sirb));
  });
  afterAll(async () => {
    await w.close();
  });

  function expectCode(r: TestResponse, code: number): void {
    const entry = Object.values(ERROR_CODES).find((e) => e.code === code)!;
    expect(r.status, r.text).toBe(entry.status);
    const b = r.json();
    expect(b).toEqual({ code, status: entry.status, message: entry.message, details: expect.any(String) });
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['service-irbx-request-id']).toBeDefined();
    seen.add(code);
  }

  function itemBody(over: Record<string, unknown>): object {
    return { ...payloadFor(w.sirb), ...over };
  }

  describe('item payload validation', () => {
    it('1006 names the missing field', async () => {
      for (const field of ['header', 'content', 'iv', 'algorithm', 'keyHashAlgorithm']) {
        const body: Record<string, unknown> = { ...payloadFor(w.sirb) };
        delete body[field];
        const r = await w.client.put(w.sirb, `${c}/items/x`, body);
        expectCode(r, 1006);
        expect(r.json().details).toContain(field);
      }
    });

    it('1009 for wrong types, unknown algorithms and malformed JSON', async () => {
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ headerHash: 5 })), 1009);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ content: 7 })), 1009);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ algorithm: 'DES' })), 1009);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ headerHashAlgorithm: 'MD5' })), 1009);
      expectCode(
        await w.client.put(w.sirb, `${c}/items/x`, '{"header": "abc', { contentType: 'application/json' }),
        1009,
      );
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, '[1,2]', { contentType: 'application/json' }), 1009);
      expectCode(await w.client.post(w.sirb, `${c}/organizations`, '{nope', { contentType: 'application/json' }), 1009);
      expectCode(await w.client.post(w.sirb, `${c}/organizations`, { organizationId: 12 }), 1009);
    });

    it('1007 for bad Base-64 in header, key and streamed content', async () => {
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ header: 'not base64!' })), 1007);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ key: 'abc' })), 1007);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ content: 'QUJD=A==' })), 1007);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ content: 'QUJ' })), 1007);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ content: 'QU\u00e9D' })), 1007);
    });

    it("1007 for empty Base-64 in header, key, content and a grant's key (protocol.md §4: never empty)", async () => {
      for (const field of ['header', 'key', 'content']) {
        const r = await w.client.put(w.sirb, `${c}/items/empty`, itemBody({ [field]: '' }));
        expectCode(r, 1007);
        expect(r.json().details).toContain(field);
      }
      expectCode(await w.client.get(w.sirb, `${c}/content/empty`), 1015);
      expectCode(await w.client.post(w.sirb, `${c}/permissions/base`, { organizationId: w.site.id, key: '' }), 1007);
      expectCode(await w.client.put(w.sirb, `${c}/permissions/base`, { organizationId: w.sirb.id, key: '' }), 1007);
    });

    it('1008 for hashes and iv that are not lower-case hex of the right length', async () => {
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ iv: 'ab'.repeat(15) })), 1008);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ headerHash: 'AB'.repeat(32) })), 1008);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ contentHash: 'zz'.repeat(32) })), 1008);
      expectCode(await w.client.put(w.sirb, `${c}/items/x`, itemBody({ keyHash: 'ab'.repeat(33) })), 1008);
    });

    it('1017 for an item body that is not application/json', async () => {
      expectCode(
        await w.client.put(w.sirb, `${c}/items/x`, JSON.stringify(payloadFor(w.sirb)), { contentType: 'text/plain' }),
        1017,
      );
      expectCode(await w.client.post(w.sirb, '/containers', '{}', { contentType: 'application/xml' }), 1017);
    });

    it('no temporary file is left behind by refused uploads', () => {
      expect(readdirSync(w.server.tmpDir)).toEqual([]);
    });
  });

  describe('item paths (1011)', () => {
    const bad: [string, string, string][] = [
      ['PUT', 'no segment', ''],
      ['PUT', '13 segments', Array.from({ length: 13 }, (_, i) => `s${i}`).join('/')],
      ['POST', '12 segments for add', Array.from({ length: 12 }, (_, i) => `s${i}`).join('/')],
      ['PUT', '..', 'a/../b'],
      ['PUT', '.', 'a/./b'],
      ['PUT', 'encoded ..', 'a/%2E%2E'],
      ['PUT', 'long segment', 'x'.repeat(MAX_SEGMENT_LENGTH + 1)],
      ['PUT', 'empty segment', 'a//b'],
      ['PUT', 'pipe makes 13', Array.from({ length: 13 }, (_, i) => `s${i}`).join('|')],
      ['PUT', 'bad percent-encoding', 'a/%E0%A4%A'],
      ['PUT', 'control character', 'a/%01'],
    ];
    it.each(bad)('%s: %s', async (method, _name, path) => {
      const r = await w.client.send(w.sirb, {
        method,
        path: `${c}/items${path ? `/${path}` : ''}`,
        body: payloadFor(w.sirb),
      });
      expectCode(r, 1011);
    });

    it('a POST with 12 segments is told the limit is 11', async () => {
      const r = await w.client.post(
        w.sirb,
        `${c}/items/${Array.from({ length: 12 }, (_, i) => `s${i}`).join('/')}`,
        payloadFor(w.sirb),
      );
      expectCode(r, 1011);
      expect(r.json().details).toContain('more than 11 segments');
    });

    it('segments are counted in code points: 200 emoji are fine, 201 are not', async () => {
      const emoji = '\u{1F600}';
      const ok = await w.client.put(
        w.sirb,
        `${c}/items/${encodeURIComponent(emoji.repeat(MAX_SEGMENT_LENGTH))}`,
        payloadFor(w.sirb),
      );
      expect(ok.status, ok.text).toBe(201);
      expect(ok.json().id).toBe(emoji.repeat(MAX_SEGMENT_LENGTH));
      expectCode(
        await w.client.put(
          w.sirb,
          `${c}/items/${encodeURIComponent(emoji.repeat(MAX_SEGMENT_LENGTH + 1))}`,
          payloadFor(w.sirb),
        ),
        1011,
      );
    });

    it('12 segments of 200 characters are fine; `|` reads as `/`', async () => {
      const path = Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(200, 'y')).join('/');
      expect((await w.client.put(w.sirb, `${c}/items/${path}`, payloadFor(w.sirb))).status).toBe(201);
      expect((await w.client.put(w.sirb, `${c}/items/p%7Cq`, payloadFor(w.sirb))).json().id).toBe('p|q');
      expect((await w.client.get(w.sirb, `${c}/items/p/q`)).json().id).toBe('p|q');
    });

    it('1009 for bad list parameters', async () => {
      expectCode(await w.client.get(w.sirb, `${c}/items?recurse=maybe`), 1009);
      expectCode(await w.client.get(w.sirb, `${c}/items?since=yesterday`), 1009);
      expectCode(await w.client.get(w.sirb, `${c}/items?since=2026-13-45T99:00:00Z`), 1009);
    });
  });

  describe('access rules', () => {
    it('1012, 1013, 1014, 1015, 2007', async () => {
      const p = payloadFor(w.sirb);
      await w.client.put(w.sirb, `${c}/items/g`, p);
      const key = p.key;
      expectCode(await w.client.post(w.sirb, `${c}/permissions/g`, { organizationId: w.site2.id, key }), 1012);
      expect((await w.client.post(w.sirb, `${c}/permissions/g`, { organizationId: w.site.id, key })).status).toBe(200);
      expectCode(await w.client.post(w.sirb, `${c}/permissions/g`, { organizationId: w.site.id, key }), 1013);
      expectCode(await w.client.delete(w.sirb, `${c}/permissions/g`, { organizationId: w.sirb.id }), 1014);
      expectCode(await w.client.delete(w.sirb, `${c}/organizations`, { organizationId: w.sirb.id }), 1014);
      expectCode(await w.client.put(w.sirb, `${c}/permissions/g`, { organizationId: w.site2.id, key }), 1015);
      expectCode(await w.client.delete(w.sirb, `${c}/permissions/g`, { organizationId: w.site2.id }), 1015);
      expectCode(await w.client.post(w.sirb, `${c}/permissions/g`, { organizationId: w.site.id }), 1006);
      expectCode(await w.client.post(w.sirb, `${c}/permissions/g`, { organizationId: w.site.id, key: '***' }), 1007);
      expectCode(await w.client.get(w.sirb, `/containers/${'f'.repeat(32)}`), 1015);
      expectCode(await w.client.get(w.sirb, `/organizations/${'f'.repeat(32)}`), 1015);
      expectCode(await w.client.get(w.sirb, `/organizations/${w.bare.id}/certificate`), 1015);
      expectCode(await w.client.post(w.site, '/containers', {}), 2007);
      expectCode(await w.client.put(w.site, `${c}/items/g`, payloadFor(w.site)), 2007);
      expectCode(await w.client.delete(w.site, `${c}/items/g`), 2007);
      expectCode(await w.client.post(w.sirb, '/organizations', { name: 'x' }), 2007);
      expectCode(await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.disabled.id }), 1019);
      expectCode(await w.client.put(w.admin, `/organizations/${w.admin.id}`, { isDisabled: true }), 1020);
    });
  });

  describe('organizations and certificates', () => {
    it('1003 for a taken name, case-insensitively, on create and rename', async () => {
      expectCode(await w.client.post(w.admin, '/organizations', { name: 'central irb' }), 1003);
      expectCode(await w.client.put(w.admin, `/organizations/${w.site.id}`, { name: 'CENTRAL IRB' }), 1003);
      expectCode(await w.client.post(w.admin, '/organizations', {}), 1006);
      expectCode(await w.client.post(w.admin, '/organizations', { name: 'Ok', isSirb: 'yes' }), 1009);
      expectCode(await w.client.post(w.admin, '/organizations', { name: '   ' }), 1009);
    });

    it('1001, 1004, 1010 on certificate PUT; 1010 for bad certificates on create', async () => {
      const url = `/organizations/${w.bare.id}/certificate`;
      expectCode(await w.client.put(w.admin, url, Buffer.alloc(0), { contentType: 'application/x-pem-file' }), 1001);
      expectCode(await w.client.put(w.admin, url, w.spare.certificatePem, { contentType: 'text/plain' }), 1004);
      expectCode(
        await w.client.put(w.admin, url, 'not a certificate', { contentType: 'application/x-pem-file' }),
        1010,
      );
      expectCode(await w.client.put(w.admin, url, randomBytes(300), { contentType: 'application/pkix-cert' }), 1010);
      const small = issueIdentity('Small Key', { ca: w.ca, bits: 1024 });
      expectCode(
        await w.client.put(w.admin, url, small.certificatePem, { contentType: 'application/x-pem-file' }),
        1010,
      );
      const selfSigned = issueIdentity('Self Signed', { bits: 2048 });
      const untrusted = await w.client.put(w.admin, url, selfSigned.certificatePem, {
        contentType: 'application/x-pem-file',
      });
      expectCode(untrusted, 1010);
      expect(untrusted.json().details).toMatch(/trust/);
      expectCode(await w.client.post(w.admin, '/organizations', { name: 'Bad Cert', certificate: 'junk' }), 1010);
    });
  });

  describe('authentication codes', () => {
    it('2001 to 2006', async () => {
      expectCode(await w.client.get(w.sirb, '/ping/site', { userAgent: null }), 2001);
      expectCode(await w.client.get(w.sirb, '/ping/site', { host: 'other.example' }), 2002);
      expectCode(await w.client.get(w.sirb, '/ping/site', { headers: { Authorization: 'IRBX nonsense' } }), 2003);
      expectCode(await w.client.get(w.sirb, '/ping/site', { date: new Date(Date.now() - 3_600_000) }), 2004);
      const id = newRequestId();
      await w.client.get(w.sirb, '/ping/site', { requestId: id });
      expectCode(await w.client.get(w.sirb, '/ping/site', { requestId: id }), 2005);
      expectCode(await w.client.get(w.disabled, '/containers'), 2006);
      expectCode(await w.client.get(w.site, '/ping/sirb'), 2007);
      expectCode(await w.client.get(w.sirb, '/containers', { headers: { Authorization: null } }), 1015);
    });
  });

  describe('sizes', () => {
    it('1016 before reading when Content-Length is over 300 MiB', async () => {
      const signed = signRequest(
        {
          method: 'PUT',
          target: `${c}/items/huge`,
          host: w.client.host,
          organizationId: w.sirb.id,
          requestId: newRequestId(),
          date: new Date(),
          payloadHash: sha256Hex(Buffer.alloc(0)),
        },
        keySigner(w.sirb.keyPem),
      );
      const r = await new Promise<TestResponse>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: w.server.port,
            method: 'PUT',
            path: `${c}/items/huge`,
            headers: {
              ...signed.headers,
              'User-Agent': 't',
              'Content-Type': 'application/json',
              'Content-Length': MAX_REQUEST_BYTES + 1,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
                text,
                json: () => JSON.parse(text),
              });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.write('{"header":"'); // then nothing: the answer must not wait for the body
      });
      expectCode(r, 1016);
      expect(r.headers.connection).toBe('close');
    });

    it('1016 as soon as a streamed (chunked) body passes the limit, and the server lives on', async () => {
      const small = await startExchange({ ...w.store, maxRequestBytes: 1024 * 1024, log: () => undefined });
      try {
        const client = new SignedClient(small.port);
        const body = Buffer.from(JSON.stringify(payloadFor(w.sirb, randomBytes(2 * 1024 * 1024))));
        const r = await client.put(w.sirb, `${c}/items/chunked`, body, {
          headers: { 'Content-Length': null, 'Transfer-Encoding': 'chunked' },
        });
        expectCode(r, 1016);
        // and a lying (huge) Content-Length on a small server is refused before reading
        const lying = await client.put(w.sirb, `${c}/items/lying`, Buffer.from('{}'), {
          headers: { 'Content-Length': 5 * 1024 * 1024 },
          tamper: (t) => (t.body = Buffer.alloc(0)),
        });
        expectCode(lying, 1016);
        expect((await client.get(w.sirb, '/ping/site')).status).toBe(200);
        expect(readdirSync(small.tmpDir)).toEqual([]);
      } finally {
        await small.close();
      }
    });

    it('1018 with Retry-After over the budget of unverified work, reserved as bodies arrive, and nothing left in tmp', async () => {
      const small = await startExchange({
        ...w.store,
        maxUnverifiedBytes: 1024 * 1024,
        maxUploadsPerOrganization: 1,
        log: () => undefined,
      });
      try {
        const client = new SignedClient(small.port);
        // one upload holds the organization's only slot and, with what it sent so far, nearly all
        // the bytes (reserved as they arrive: a declared length is only a claim)
        const signed = signRequest(
          {
            method: 'PUT',
            target: `${c}/items/slow`,
            host: client.host,
            organizationId: w.sirb.id,
            requestId: newRequestId(),
            date: new Date(),
            payloadHash: sha256Hex(Buffer.alloc(0)),
          },
          keySigner(w.sirb.keyPem),
        );
        const held = request({
          host: '127.0.0.1',
          port: small.port,
          method: 'PUT',
          path: `${c}/items/slow`,
          headers: {
            ...signed.headers,
            'User-Agent': 't',
            'Content-Type': 'application/json',
            'Content-Length': 2 * 1024 * 1024,
          },
        });
        held.on('error', () => undefined);
        held.write(`{"header":"${'A'.repeat(1024 * 1024 - 256)}`);
        await new Promise((r) => setTimeout(r, 500));
        const second = await client.put(w.sirb, `${c}/items/second`, payloadFor(w.sirb));
        expectCode(second, 1018);
        expect(second.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
        // another organization may not upload past the bytes in flight either: not from this
        // address (over its quarter), nor from another (over the node's whole budget)
        const elsewhere = { localAddress: '127.0.0.3' };
        expectCode(await client.put(w.site, `${c}/items/by-site`, payloadFor(w.site)), 1018);
        expectCode(await client.put(w.site, `${c}/items/by-site`, payloadFor(w.site), elsewhere), 1018);
        held.destroy();
        await new Promise((r) => setTimeout(r, 200));
        expect((await client.put(w.sirb, `${c}/items/second`, payloadFor(w.sirb))).status).toBe(201);
        expect((await client.put(w.site, `${c}/items/by-site`, payloadFor(w.site), elsewhere)).status).toBe(201);
        expect(readdirSync(small.tmpDir)).toEqual([]);
      } finally {
        await small.close();
      }
    });

    it('1021 for a body that stalls before it is verified: answered at once, the connection closed, nothing left in tmp', async () => {
      const paced = await startExchange({ ...w.store, bodyStallMs: 300, log: () => undefined });
      try {
        const client = new SignedClient(paced.port);
        const body = Buffer.from(JSON.stringify(payloadFor(w.sirb)));
        const signed = client.signed(w.sirb, { method: 'PUT', path: `${c}/items/stalled`, body });
        const answer = await new Promise<{
          status: number;
          headers: IncomingMessage['headers'];
          text: string;
          closed: boolean;
        }>((resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: paced.port,
              method: 'PUT',
              path: signed.path,
              headers: signed.headers as Record<string, string>,
            },
            (res) => {
              let text = '';
              res.on('data', (d: Buffer) => (text += d.toString()));
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  text,
                  closed: res.headers.connection === 'close',
                }),
              );
            },
          );
          req.on('error', reject);
          // half the body, then nothing
          req.write(body.subarray(0, body.length >> 1));
        });
        expect(answer.status, answer.text).toBe(408);
        const entry = ERROR_CODES.bodyTooSlow;
        expect(JSON.parse(answer.text)).toEqual({
          code: entry.code,
          status: entry.status,
          message: entry.message,
          details: expect.stringMatching(/No byte|on average/),
        });
        expect(answer.closed).toBe(true);
        seen.add(entry.code);
        expect(readdirSync(paced.tmpDir)).toEqual([]);
        expect((await client.put(w.sirb, `${c}/items/stalled`, payloadFor(w.sirb))).status).toBe(201);
      } finally {
        await paced.close();
      }
    });

    it('a verified body stops counting against the budget once its signature passes, not when its route ends', async () => {
      const small = await startExchange({ ...w.store, maxUnverifiedBytes: 1024 * 1024, log: () => undefined });
      const client = new SignedClient(small.port);
      // a content answer far larger than the connection's buffers: its route waits on the reader
      expect(
        (await client.put(w.sirb, `${c}/items/long-read`, payloadFor(w.sirb, randomBytes(16 * 1024 * 1024)))).status,
      ).toBe(201);
      // a GET whose 700 KiB body (hashed, then ignored) is verified, and whose route then
      // stalls: the test does not read the answer
      const junk = randomBytes(700 * 1024);
      const target = `${c}/content/long-read`;
      const signed = signRequest(
        {
          method: 'GET',
          target,
          host: client.host,
          organizationId: w.sirb.id,
          requestId: newRequestId(),
          date: new Date(),
          payloadHash: sha256Hex(junk),
        },
        keySigner(w.sirb.keyPem),
      );
      const stalled = request({
        host: '127.0.0.1',
        port: small.port,
        method: 'GET',
        path: target,
        headers: { ...signed.headers, 'User-Agent': 't', 'Content-Length': junk.length },
      });
      stalled.on('error', () => undefined);
      try {
        const answer = await new Promise<IncomingMessage>((resolve) => {
          stalled.once('response', (r) => {
            r.pause();
            resolve(r);
          });
          stalled.end(junk);
        });
        expect(answer.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 200));
        // another body of ~900 KB: within the budget only if the stalled request's 700 KiB left it
        const second = await client.put(
          w.site,
          `${c}/items/while-stalled`,
          payloadFor(w.site, randomBytes(660 * 1024)),
        );
        expect(second.status, second.text).toBe(201);
        // the stalled route had not ended meanwhile
        expect(answer.complete).toBe(false);
      } finally {
        stalled.destroy();
        await small.close();
      }
    });

    it('huge headers and garbage requests get a 4xx, never a 5xx', async () => {
      const r = await sendRaw(w.server.port, {
        method: 'GET',
        path: '/ping/site',
        headers: { Host: w.client.host, 'X-Big': 'a'.repeat(70_000) },
      });
      expect(r.status).toBe(400);
      expect(r.json().code).toBe(2001);
      const longPath = await w.client.get(w.sirb, `${c}/items/${'z'.repeat(5000)}`);
      expect(longPath.status).toBeLessThan(500);
    });
  });

  describe('internal failure', () => {
    it('500 with code 1 and no internals when stored content vanished behind the server', async () => {
      await w.client.put(w.sirb, `${c}/items/doomed`, payloadFor(w.sirb));
      const containerId = c.split('/').pop()!;
      const logged = await w.probe.loseContent(containerId, 'doomed');
      const r = await w.client.get(w.sirb, `${c}/content/doomed`);
      expectCode(r, 1);
      if (w.store.dataDir) expect(r.text).not.toContain(w.store.dataDir);
      expect(r.text).not.toContain(logged);
      expect(w.logs.some((l) => l.includes(logged))).toBe(true);
    });
  });

  describe('content at rest', () => {
    it('is stored decoded (the ciphertext bytes, not the Base-64 text)', async () => {
      const payload = payloadFor(w.sirb);
      await w.client.put(w.sirb, `${c}/items/stored`, payload);
      const stored = await w.probe.storedContent(c.split('/').pop()!, 'stored');
      expect(stored.equals(Buffer.from(payload.content, 'base64'))).toBe(true);
      expect((await w.client.get(w.sirb, `${c}/content/stored`)).json().content).toBe(payload.content);
    });

    // data folders only: PostgreSQL stores never held Base-64 text
    if (storeKind === 'sqlite') {
      it('a data folder holding Base-64 content files (older servers) is served the same', async () => {
        const payload = payloadFor(w.sirb);
        await w.client.put(w.sirb, `${c}/items/old`, payload);
        const dataDir = w.store.dataDir!;
        const Database = (await import('better-sqlite3')).default;
        const db = new Database(join(dataDir, 'exchange.sqlite'));
        try {
          const file = (
            db.prepare("SELECT content_file FROM items WHERE path = 'old'").get() as { content_file: string }
          ).content_file;
          expect(file).toMatch(/\.bin$/);
          const fresh = (await w.client.get(w.sirb, `${c}/content/old`)).json();
          expect(fresh.content).toBe(payload.content);
          // the same item as an older server left it: the text as received, in a .b64 file
          const old = file.replace(/\.bin$/, '.b64');
          writeFileSync(join(dataDir, 'content', old), payload.content, 'latin1');
          db.prepare("UPDATE items SET content_file = ? WHERE path = 'old'").run(old);
          rmSync(join(dataDir, 'content', file));
          const r = await w.client.get(w.sirb, `${c}/content/old`);
          expect(r.status).toBe(200);
          expect(r.json()).toEqual(fresh);
        } finally {
          db.close();
        }
      });
    }
  });

  describe('coverage of the error table', () => {
    it('every code of protocol.md §5 was produced by a real request above', () => {
      for (const entry of Object.values(ERROR_CODES)) expect(seen, `code ${entry.code}`).toContain(entry.code);
    });
  });
});
