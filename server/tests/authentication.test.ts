// Authentication attacks: every tampered part, skew both ways, replay (also across a
// restart), unknown credential, unsigned required header, missing headers, wrong Host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIrbxDate } from '../../shared/protocol/signing.js';
import { startExchange } from '../index.js';
import { SignedClient, newRequestId, sendRaw, type TestResponse } from '../test-support/signed-client.js';
import { createWorld, type World } from '../test-support/world.js';
import { STORES } from '../test-support/stores.js';

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let containerUrl: string;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
    containerUrl = (await w.client.post(w.sirb, '/containers', {})).json().url;
  });
  afterAll(async () => {
    await w.close();
  });

  function expectError(r: TestResponse, code: number, status: number): void {
    expect(r.status).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const b = r.json();
    expect(b.code).toBe(code);
    expect(b.status).toBe(status);
    expect(b.message).toBeTypeOf('string');
    expect(b.details).toBeTypeOf('string');
  }

  describe('missing or malformed authentication', () => {
    it('no Authorization is 404 (1015), with the request id echoed', async () => {
      const r = await w.client.get(w.sirb, '/containers', {
        headers: { Authorization: null, 'Service-IrbX-Request-Id': 'abcdefabcdefabcdefabcdefabcdefab' },
      });
      expectError(r, 1015, 404);
      expect(r.headers['service-irbx-request-id']).toBe('abcdefabcdefabcdefabcdefabcdefab');
      expect(r.headers['access-control-allow-origin']).toBe('*');
    });

    it.each(['User-Agent', 'Service-IrbX-Request-Id', 'Host', 'Service-IrbX-Date'])(
      'missing %s is 2001 naming it',
      async (name) => {
        const r = await w.client.get(w.sirb, '/ping/site', { headers: { [name]: null } });
        expectError(r, 2001, 400);
        expect(r.json().details).toContain(name);
      },
    );

    it('a request id that is not a UUID, or a malformed date, is 2001', async () => {
      expectError(
        await w.client.get(w.sirb, '/ping/site', { headers: { 'Service-IrbX-Request-Id': 'not-a-uuid' } }),
        2001,
        400,
      );
      expectError(
        await w.client.get(w.sirb, '/ping/site', { headers: { 'Service-IrbX-Date': '2026-01-01T00:00:00Z' } }),
        2001,
        400,
      );
    });

    it('wrong Host is 2002; loopback literals pass for localhost', async () => {
      expectError(await w.client.get(w.sirb, '/ping/site', { host: 'evil.example:80' }), 2002, 400);
      expect((await w.client.get(w.sirb, '/ping/site', { host: `127.0.0.1:${w.server.port}` })).status).toBe(200);
      expect((await w.client.get(w.sirb, '/ping/site', { host: `[::1]:${w.server.port}` })).status).toBe(200);
      expect((await w.client.get(w.sirb, '/ping/site', { host: 'LOCALHOST' })).status).toBe(200);
    });

    it('dates more than 180 s off either way are 2004 with the server time; 170 s is fine', async () => {
      for (const skew of [181_000, -181_000]) {
        const r = await w.client.get(w.sirb, '/ping/site', { date: new Date(Date.now() + skew) });
        expectError(r, 2004, 401);
        expect(r.json().details).toMatch(/\d{8}T\d{6}Z/);
      }
      expect((await w.client.get(w.sirb, '/ping/site', { date: new Date(Date.now() - 170_000) })).status).toBe(200);
      expect((await w.client.get(w.sirb, '/ping/site', { date: new Date(Date.now() + 170_000) })).status).toBe(200);
    });

    it('bad Authorization syntax and an unknown credential are 2003', async () => {
      expectError(await w.client.get(w.sirb, '/ping/site', { headers: { Authorization: 'Bearer abc' } }), 2003, 401);
      const unknown = await w.client.get({ id: '0'.repeat(32), keyPem: w.sirb.keyPem }, '/ping/site');
      expectError(unknown, 2003, 401);
    });

    it('an organization without a certificate cannot authenticate (2003)', async () => {
      expectError(await w.client.get({ id: w.bare.id, keyPem: w.sirb.keyPem }, '/ping/site'), 2003, 401);
    });

    it('a disabled organization is 2006 but GET /ping still answers', async () => {
      expectError(await w.client.get(w.disabled, '/ping/site'), 2006, 403);
      expect((await w.client.get(w.disabled, '/ping')).text).toBe('pong');
    });
  });

  describe('tampering after signing is 2003', () => {
    const cases: [
      string,
      (r: { method: string; path: string; headers: Record<string, string | number | null>; body: Buffer }) => void,
    ][] = [
      ['method', (r) => (r.method = 'DELETE')],
      ['path', (r) => (r.path = r.path.replace('/organizations', '/organizationz'))],
      ['query', (r) => (r.path = `${r.path}?x=1`)],
      ['body', (r) => (r.body = Buffer.from(JSON.stringify({ organizationId: w.site2.id })))],
      ['date', (r) => (r.headers['Service-IrbX-Date'] = formatIrbxDate(new Date(Date.now() - 5000)))],
      ['request id', (r) => (r.headers['Service-IrbX-Request-Id'] = newRequestId())],
      ['host port', (r) => (r.headers['Host'] = 'localhost:1')],
      ['signed Content-Type', (r) => (r.headers['Content-Type'] = 'application/json; charset=latin1')],
      [
        'signature',
        (r) =>
          (r.headers['Authorization'] = String(r.headers['Authorization']).replace(
            /Signature=(.)/,
            (_m, c: string) => `Signature=${c === 'A' ? 'B' : 'A'}`,
          )),
      ],
      [
        'credential',
        (r) =>
          (r.headers['Authorization'] = String(r.headers['Authorization']).replace(
            /Credential=[0-9a-f]+/,
            `Credential=${w.sirb2.id}`,
          )),
      ],
      [
        'unsigned required header',
        (r) =>
          (r.headers['Authorization'] = String(r.headers['Authorization']).replace(/;service-irbx-request-id/i, '')),
      ],
    ];
    it.each(cases)('%s', async (name, tamper) => {
      const r = await w.client.send(w.sirb, {
        method: 'POST',
        path: `${containerUrl}/organizations`,
        body: { organizationId: w.site.id },
        extraSignedHeaders: [['Content-Type', 'application/json']],
        tamper,
      });
      expectError(r, 2003, 401);
      if (name === 'unsigned required header') expect(r.json().details).toContain('service-irbx-request-id');
      if (name !== 'unsigned required header') expect(r.json().details).toContain('\nhost:');
    });

    it('the untampered request passes', async () => {
      const r = await w.client.send(w.sirb, {
        method: 'POST',
        path: `${containerUrl}/organizations`,
        body: { organizationId: w.site.id },
        extraSignedHeaders: [['Content-Type', 'application/json']],
      });
      expect(r.status).toBe(200);
    });
  });

  describe('replay', () => {
    it('a request id reused by the same organization is 2005, also after a restart; another organization may use it', async () => {
      const id = newRequestId();
      expect((await w.client.get(w.sirb, '/ping/site', { requestId: id })).status).toBe(200);
      const again = await w.client.get(w.sirb, '/ping/site', { requestId: id });
      expectError(again, 2005, 401);
      expect(again.headers['service-irbx-request-id']).toBe(id);
      // hyphenated and upper-case spelling of the same UUID is the same id
      const hyphenated =
        `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`.toUpperCase();
      expectError(await w.client.get(w.sirb, '/ping/site', { requestId: hyphenated }), 2005, 401);
      expect((await w.client.get(w.site, '/ping/site', { requestId: id })).status).toBe(200);

      const second = await startExchange({ ...w.store, log: () => undefined });
      try {
        expectError(await new SignedClient(second.port).get(w.sirb, '/ping/site', { requestId: id }), 2005, 401);
      } finally {
        await second.close();
      }
    });

    it('ids expire with their window (server clock moved on)', async () => {
      let now = Date.now();
      const clocked = await createWorld({ storeKind, now: () => now });
      try {
        const id = newRequestId();
        expect(
          (await clocked.client.get(clocked.sirb, '/ping/site', { requestId: id, date: new Date(now) })).status,
        ).toBe(200);
        now += 400_000;
        expect(
          (await clocked.client.get(clocked.sirb, '/ping/site', { requestId: id, date: new Date(now) })).status,
        ).toBe(200);
      } finally {
        await clocked.close();
      }
    });
  });

  describe('raw edge cases', () => {
    it('an unsigned request to an unknown path is still 404 (1015)', async () => {
      const r = await sendRaw(w.server.port, { method: 'GET', path: '/nothing', headers: { Host: w.client.host } });
      expectError(r, 1015, 404);
    });
  });
});
