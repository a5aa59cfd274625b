// docs/protocol.md's claims about the edges of the interface, each made by a real request: what
// another implementer reads there is what the reference server does. On SQLite only: none of
// these depends on the store (the store suites run both).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReservedItemId } from '../../shared/reserved-paths.js';
import { sendRaw } from '../test-support/signed-client.js';
import { createWorld, payloadFor, studyWithSite, type World, type WorldOrg } from '../test-support/world.js';

let w: World;
let c: string;
beforeAll(async () => {
  w = await createWorld();
  c = await studyWithSite(w);
});
afterAll(async () => {
  await w.close();
});

const ids = (r: { json(): unknown }): string[] => (r.json() as { id: string }[]).map((x) => x.id);

async function put(org: WorldOrg, path: string): Promise<void> {
  expect((await w.client.put(org, `${c}/items/${path}`, payloadFor(org))).status).toBe(201);
}

function expectCode(r: { status: number; json(): { code: number } }, status: number, code: number): void {
  expect({ status: r.status, code: r.json().code }).toEqual({ status, code });
}

describe('§1 Resources', () => {
  it('an organization without a certificate has the thumbprint ""', async () => {
    expect((await w.client.get(w.site, `/organizations/${w.bare.id}`)).json().thumbprint).toBe('');
  });

  it('PUT (created and replaced) and POST answer the Item without content', async () => {
    const created = await w.client.put(w.site, `${c}/items/answers/put`, payloadFor(w.site));
    const replaced = await w.client.put(w.site, `${c}/items/answers/put`, payloadFor(w.site));
    const added = await w.client.post(w.site, `${c}/items/answers`, payloadFor(w.site));
    expect([created.status, replaced.status, added.status]).toEqual([201, 200, 201]);
    for (const r of [created, replaced, added]) expect(Object.keys(r.json())).not.toContain('content');
  });
});

describe('§2 Endpoints', () => {
  it('revoking a collaborator keeps its items and grants: they return when it is invited again', async () => {
    await put(w.site, 'kept');
    await w.client.post(w.site, `${c}/permissions/kept`, { organizationId: w.sirb.id, key: payloadFor(w.sirb).key });
    expect((await w.client.delete(w.sirb, `${c}/organizations`, { organizationId: w.site.id })).status).toBe(200);
    expectCode(await w.client.get(w.site, `${c}/items/kept`), 404, 1015);
    expect((await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.site.id })).status).toBe(200);
    expect((await w.client.get(w.site, `${c}/items/kept`)).json().id).toBe('kept');
    expect(ids(await w.client.get(w.site, `${c}/permissions/kept`))).toEqual([w.site.id, w.sirb.id]);
  });

  it('container access: an unknown organization is 1015; granting a member or revoking a non-member changes nothing', async () => {
    const unknown = { organizationId: 'f'.repeat(32) };
    expectCode(await w.client.post(w.sirb, `${c}/organizations`, unknown), 404, 1015);
    expectCode(await w.client.delete(w.sirb, `${c}/organizations`, unknown), 404, 1015);
    const before = ids(await w.client.get(w.sirb, `${c}/organizations`));
    for (const r of [
      await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.sirb.id }),
      await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.site.id }),
      await w.client.delete(w.sirb, `${c}/organizations`, { organizationId: w.site2.id }),
    ]) {
      expect(r.status).toBe(200);
      expect(ids(r)).toEqual(before);
    }
    expectCode(await w.client.delete(w.sirb, `${c}/organizations`, { organizationId: w.sirb.id }), 400, 1014);
  });

  it('item access that does not exist cannot be updated or revoked (404, 1015)', async () => {
    await put(w.sirb, 'ungranted');
    const key = payloadFor(w.site).key;
    expectCode(await w.client.put(w.sirb, `${c}/permissions/ungranted`, { organizationId: w.site.id, key }), 404, 1015);
    expectCode(await w.client.delete(w.sirb, `${c}/permissions/ungranted`, { organizationId: w.site.id }), 404, 1015);
  });

  it('organization names are trimmed, 1 to 200 characters, unique ignoring case', async () => {
    const made = await w.client.post(w.admin, '/organizations', { name: '  Hill Clinic  ' });
    expect(made.json().name).toBe('Hill Clinic');
    expectCode(await w.client.post(w.admin, '/organizations', { name: 'HILL CLINIC' }), 409, 1003);
    expect((await w.client.post(w.admin, '/organizations', { name: 'n'.repeat(200) })).status).toBe(201);
    expectCode(await w.client.post(w.admin, '/organizations', { name: 'm'.repeat(201) }), 400, 1009);
    expectCode(await w.client.post(w.admin, '/organizations', { name: '   ' }), 400, 1009);
  });

  it('a path that names a visible item answers it as it is, whatever the filters say', async () => {
    await put(w.sirb, 'named');
    for (const query of ['?since=2999-01-01', `?owner=${w.site.id}`, '?recurse=true']) {
      const r = await w.client.get(w.sirb, `${c}/items/named${query}`);
      expect(r.json().id).toBe('named');
    }
  });

  it('an item the caller cannot see is answered as a folder: the items below it that it sees', async () => {
    await put(w.sirb, 'hidden');
    expect((await w.client.get(w.site, `${c}/items/hidden`)).json()).toEqual([]);
    await put(w.sirb, 'hidden/shown');
    await w.client.post(w.sirb, `${c}/permissions/hidden/shown`, {
      organizationId: w.site.id,
      key: payloadFor(w.site).key,
    });
    expect(ids(await w.client.get(w.site, `${c}/items/hidden`))).toEqual(['hidden|shown']);
  });

  it('recurse is true, false or empty (true), in any case; anything else is 1009', async () => {
    await put(w.sirb, 'deep/a/b');
    const listed = async (q: string) => ids(await w.client.get(w.sirb, `${c}/items/deep${q}`));
    for (const q of ['?recurse', '?recurse=', '?recurse=TRUE']) expect(await listed(q)).toEqual(['deep|a|b']);
    for (const q of ['', '?recurse=False']) expect(await listed(q)).toEqual([]);
    expectCode(await w.client.get(w.sirb, `${c}/items/deep?recurse=yes`), 400, 1009);
  });

  it('since takes a date or a date-time with Z or an offset, up to 9 fractional digits', async () => {
    for (const since of [
      '2000-01-01',
      '2000-01-01T00:00Z',
      '2000-01-01t00:00:00,1234567+05',
      '2000-01-01%2000:00:00.1234567-07:00',
      '2000-01-01T00:00:00.123456789+0530',
    ]) {
      const r = await w.client.get(w.sirb, `${c}/items?since=${since}`);
      expect([since, r.status, ids(r).length > 0]).toEqual([since, 200, true]);
    }
    for (const since of ['2000-01-01T00:00:00', '2026-02-30', '2026-01-01T24:00Z']) {
      expectCode(await w.client.get(w.sirb, `${c}/items?since=${since}`), 400, 1009);
    }
  });

  it('a preflight is answered 204 unsigned, with the methods and headers §2 lists', async () => {
    const r = await sendRaw(w.server.port, { method: 'OPTIONS', path: '/containers/x/items/y', headers: {} });
    expect(r.status).toBe(204);
    expect(String(r.headers['access-control-allow-methods']).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
    );
    expect(r.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, Service-IrbX-Date, Service-IrbX-Request-Id',
    );
    expect(r.headers['access-control-expose-headers']).toBe('Location, Service-IrbX-Request-Id');
  });
});

describe('§3 Signing a request', () => {
  it('a missing Authorization is 1015 before any other header is looked at', async () => {
    expectCode(await sendRaw(w.server.port, { method: 'GET', path: '/containers', headers: {} }), 404, 1015);
  });

  it('Host is compared ignoring case and port; localhost also answers to 127.0.0.1 and [::1]', async () => {
    for (const host of ['LOCALHOST:1', 'localhost', `127.0.0.1:${w.server.port}`, '[::1]']) {
      expect([host, (await w.client.get(w.site, '/ping/site', { host })).status]).toEqual([host, 200]);
    }
    expectCode(await w.client.get(w.site, '/ping/site', { host: 'exchange.example.org' }), 400, 2002);
  });

  it('Content-Type may be signed too, and the request id is echoed on a refusal', async () => {
    const r = await w.client.post(
      w.sirb,
      '/containers',
      {},
      { extraSignedHeaders: [['Content-Type', 'application/json']], contentType: null },
    );
    expect(r.status).toBe(201);
    const refused = await sendRaw(w.server.port, {
      method: 'GET',
      path: '/containers',
      headers: { 'Service-IrbX-Request-Id': 'not-a-uuid' },
    });
    expect(refused.headers['service-irbx-request-id']).toBe('not-a-uuid');
  });
});

describe('§2 Reserved paths', () => {
  const text = readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/protocol.md'),
    'utf8',
  );
  const reserved = text.slice(text.indexOf('**Reserved paths.**'), text.indexOf('**Container access**'));
  const rows = [...reserved.matchAll(/^\| `([^`]+)` \| (.+?) \|$/gm)].map((m) => m[1]!);

  it('the table names every reserved place, which the client hides from documents', () => {
    expect(rows).toEqual([
      'study',
      'checklist',
      'receipts/{organizationId}/...',
      'signoffs/{organizationId}/...',
      'requests/{organizationId}/...',
    ]);
    expect(reserved).toContain('| `receipts`, `signoffs`, `requests` | no one');
    for (const row of rows)
      expect(isReservedItemId(row.replace('{organizationId}', w.site.id).replace('...', 'r'))).toBe(true);
    for (const root of ['receipts', 'signoffs', 'requests', 'receipts/notes'])
      expect(isReservedItemId(root)).toBe(true);
  });

  it('only its writer may save or add there, whether or not an item is there yet', async () => {
    const study = 'study';
    expectCode(await w.client.put(w.site, `${c}/items/${study}`, payloadFor(w.site)), 403, 2007);
    await put(w.sirb, study);
    expectCode(await w.client.put(w.site, `${c}/items/${study}`, payloadFor(w.site)), 403, 2007);
    const receipts = `receipts/${w.site.id}`;
    expectCode(await w.client.put(w.sirb, `${c}/items/${receipts}/r`, payloadFor(w.sirb)), 403, 2007);
    expectCode(await w.client.post(w.sirb, `${c}/items/${receipts}`, payloadFor(w.sirb)), 403, 2007);
    await put(w.site, `${receipts}/r`);
    expect((await w.client.post(w.site, `${c}/items/${receipts}`, payloadFor(w.site))).status).toBe(201);
  });
});
