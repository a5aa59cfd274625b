// The role × endpoint × ownership matrix: for every endpoint, what Anonymous, a
// collaborating pSite, a non-collaborating pSite, the owning sIRB, another sIRB, a disabled
// organization and the Admin get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw, type TestResponse } from '../test-support/signed-client.js';
import { createWorld, payloadFor, type World, type WorldOrg } from '../test-support/world.js';
import { ALL, MEMBERS, type Caller, type Row } from '../test-support/role-table.js';
import { STORES } from '../test-support/stores.js';

describe.each(STORES)('on %s', (storeKind) => {
  const CALLERS: Caller[] = ['anonymous', 'site', 'site2', 'sirb2', 'disabled', 'admin', 'sirb'];

  let w: World;
  let c: string;
  let n = 0;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
    c = (await w.client.post(w.sirb, '/containers', {})).json().url;
    await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.site.id });
    const p = payloadFor(w.sirb);
    await w.client.put(w.sirb, `${c}/items/m/x`, p);
    await w.client.post(w.sirb, `${c}/permissions/m/x`, { organizationId: w.site.id, key: p.key });
  });
  afterAll(async () => {
    await w.close();
  });



  const rows: Row[] = [
    { name: 'root', method: 'GET', path: () => '/', expect: ALL(200) },
    { name: 'ping', method: 'GET', path: () => '/ping', expect: { ...ALL(200), anonymous: 200, disabled: 200 } },
    { name: 'ping/site', method: 'GET', path: () => '/ping/site', expect: ALL(200) },
    { name: 'ping/sirb', method: 'GET', path: () => '/ping/sirb', expect: { site: 403, site2: 403, sirb: 200, sirb2: 200, admin: 403 } },
    { name: 'list containers', method: 'GET', path: () => '/containers', expect: ALL(200) },
    { name: 'create container', method: 'POST', path: () => '/containers', body: () => ({}), expect: { site: 403, site2: 403, sirb: 201, sirb2: 201, admin: 403 } },
    { name: 'get container', method: 'GET', path: () => c, expect: MEMBERS(200) },
    { name: 'container access list', method: 'GET', path: () => `${c}/organizations`, expect: MEMBERS(200) },
    { name: 'grant container access', method: 'POST', path: () => `${c}/organizations`, body: () => ({ organizationId: w.bare.id }), expect: { site: 403, site2: 403, sirb: 200, sirb2: 404, admin: 403 } },
    { name: 'revoke container access', method: 'DELETE', path: () => `${c}/organizations`, body: () => ({ organizationId: w.bare.id }), expect: { site: 403, site2: 403, sirb: 200, sirb2: 404, admin: 403 } },
    { name: 'list items', method: 'GET', path: () => `${c}/items/m`, expect: MEMBERS(200) },
    { name: 'get content', method: 'GET', path: () => `${c}/content/m/x`, expect: MEMBERS(200) },
    { name: 'save existing item', method: 'PUT', path: () => `${c}/items/m/x`, body: (k) => payloadFor(org(k)), expect: { site: 403, site2: 404, sirb: 200, sirb2: 404, admin: 404 } },
    { name: 'save new item', method: 'PUT', path: () => `${c}/items/new/${++n}`, body: (k) => payloadFor(org(k)), expect: MEMBERS(201) },
    { name: 'add item', method: 'POST', path: () => `${c}/items/m`, body: (k) => payloadFor(org(k)), expect: MEMBERS(201) },
    { name: 'item access list', method: 'GET', path: () => `${c}/permissions/m/x`, expect: MEMBERS(200) },
    { name: 'grant item access (to an outsider)', method: 'POST', path: () => `${c}/permissions/m/x`, body: () => ({ organizationId: w.site2.id, key: 'AAAA' }), expect: { site: 403, site2: 404, sirb: 409, sirb2: 404, admin: 404 } },
    { name: 'update item access', method: 'PUT', path: () => `${c}/permissions/m/x`, body: () => ({ organizationId: w.site.id, key: 'AAAA' }), expect: { site: 403, site2: 404, sirb: 200, sirb2: 404, admin: 404 } },
    { name: 'revoke item access (owner)', method: 'DELETE', path: () => `${c}/permissions/m/x`, body: () => ({ organizationId: w.sirb.id }), expect: { site: 403, site2: 404, sirb: 400, sirb2: 404, admin: 404 } },
    { name: 'list organizations', method: 'GET', path: () => '/organizations?name=c', expect: ALL(200) },
    { name: 'get organization', method: 'GET', path: () => `/organizations/${w.site.id}`, expect: ALL(200) },
    { name: 'create organization', method: 'POST', path: () => '/organizations', body: () => ({ name: `Org ${++n}` }), expect: { site: 403, site2: 403, sirb: 403, sirb2: 403, admin: 201 } },
    { name: 'update organization', method: 'PUT', path: () => `/organizations/${w.bare.id}`, body: () => ({ isSirb: false }), expect: { site: 403, site2: 403, sirb: 403, sirb2: 403, admin: 200 } },
    { name: 'get certificate', method: 'GET', path: () => `/organizations/${w.site.id}/certificate`, expect: ALL(200) },
    { name: 'update certificate', method: 'PUT', path: () => `/organizations/${w.bare.id}/certificate`, body: () => w.spare.certificatePem, contentType: 'application/x-pem-file', expect: { site: 403, site2: 403, sirb: 403, sirb2: 403, admin: 200 } },
    // destructive last: non-owners first, then the owner
    { name: 'delete item', method: 'DELETE', path: () => `${c}/items/m/x`, expect: { site: 403, site2: 404, sirb2: 404, admin: 404, sirb: 204 } },
  ];

  function org(k: Caller): WorldOrg {
    return w[k as Exclude<Caller, 'anonymous'>];
  }

  async function call(row: Row, k: Caller): Promise<TestResponse> {
    if (k === 'anonymous') {
      return sendRaw(w.server.port, { method: row.method, path: row.path(), headers: { Host: w.client.host, 'User-Agent': 'anon' } });
    }
    const body = row.body?.(k);
    return w.client.send(org(k), { method: row.method, path: row.path(), ...(body !== undefined ? { body } : {}), ...(row.contentType ? { contentType: row.contentType } : {}) });
  }

  describe('role × endpoint × ownership', () => {
    it.each(rows)('$method $name', async (row) => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const k of CALLERS) {
        const r = await call(row, k);
        got[k] = r.status;
        want[k] = row.expect[k] ?? (k === 'anonymous' ? 404 : k === 'disabled' ? 403 : -1);
        if (r.status >= 400) {
          const expectedCode = k === 'anonymous' ? 1015 : k === 'disabled' ? 2006 : r.status === 403 ? 2007 : r.status === 404 ? 1015 : r.json().code;
          expect(r.json().code, `${k}: ${r.text}`).toBe(expectedCode);
        }
      }
      expect(got).toEqual(want);
    });

    it('visibility: list results hold only what the caller may see', async () => {
      const siteList = (await w.client.get(w.site, '/containers')).json().map((x: { url: string }) => x.url);
      expect(siteList).toContain(c);
      const outsider = (await w.client.get(w.site2, '/containers')).json().map((x: { url: string }) => x.url);
      expect(outsider).not.toContain(c);
      // the site sees its own items and those granted to it, never the sIRB's ungranted ones
      await w.client.put(w.sirb, `${c}/items/m/private`, payloadFor(w.sirb));
      const ids = (await w.client.get(w.site, `${c}/items?recurse=true`)).json().map((i: { id: string }) => i.id);
      expect(ids).not.toContain('m|private');
      expect((await w.client.get(w.site, `${c}/content/m/private`)).status).toBe(404);
    });

    it('a revoked collaborator loses the container; its items come back when re-granted', async () => {
      const added = (await w.client.post(w.site, `${c}/items/site-notes`, payloadFor(w.site))).json();
      await w.client.delete(w.sirb, `${c}/organizations`, { organizationId: w.site.id });
      expect((await w.client.get(w.site, `${c}/content/site-notes/${added.id.split('|')[1]}`)).status).toBe(404);
      await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.site.id });
      expect((await w.client.get(w.site, `${c}/content/site-notes/${added.id.split('|')[1]}`)).status).toBe(200);
    });
  });
});
