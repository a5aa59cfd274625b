// Every endpoint's success path over real HTTP: status, headers, body fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContent, openItemKey, openHeader, unwrapKey, wrapKey } from '../../shared/protocol/envelope.js';
import { issueIdentity, parseCertificate } from '../../shared/protocol/certificates.js';
import { createWorld, payloadFor, type World } from '../test-support/world.js';
import { STORES } from '../test-support/stores.js';

describe.each(STORES)('on %s', (storeKind) => {
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
  const ID = /^[0-9a-f]{32}$/;
  const ITEM_FIELDS = [
    'algorithm',
    'containerUrl',
    'contentHash',
    'contentHashAlgorithm',
    'contentUrl',
    'createdAt',
    'header',
    'headerHash',
    'headerHashAlgorithm',
    'id',
    'iv',
    'key',
    'keyHash',
    'keyHashAlgorithm',
    'ownerUrl',
    'permissionsUrl',
    'updatedAt',
    'url',
  ];
  const ORG_FIELDS = [
    'certificateUrl',
    'createdAt',
    'id',
    'isDisabled',
    'isSirb',
    'name',
    'thumbprint',
    'updatedAt',
    'url',
  ];
  const CONTAINER_FIELDS = [
    'createdAt',
    'id',
    'itemsUrl',
    'organizationsUrl',
    'ownerId',
    'ownerUrl',
    'updatedAt',
    'url',
  ];

  let w: World;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
  });
  afterAll(async () => {
    await w.close();
  });

  describe('connectivity and root', () => {
    it('GET /ping answers pong anonymously, with CORS', async () => {
      const { sendRaw } = await import('../test-support/signed-client.js');
      const r = await sendRaw(w.server.port, { method: 'GET', path: '/ping', headers: { Host: w.client.host } });
      expect(r.status).toBe(200);
      expect(r.text).toBe('pong');
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      expect(r.headers['access-control-allow-origin']).toBe('*');
    });

    it('GET /ping/site and /ping/sirb answer pong to the right callers and echo the request id', async () => {
      const site = await w.client.get(w.site, '/ping/site', { requestId: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' });
      expect(site.status).toBe(200);
      expect(site.text).toBe('pong');
      expect(site.headers['service-irbx-request-id']).toBe('aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee');
      const sirb = await w.client.get(w.sirb, '/ping/sirb');
      expect(sirb.status).toBe(200);
      expect(sirb.text).toBe('pong');
    });

    it('CORS preflight is 204 without authentication', async () => {
      const { sendRaw } = await import('../test-support/signed-client.js');
      const r = await sendRaw(w.server.port, {
        method: 'OPTIONS',
        path: '/containers',
        headers: { Host: w.client.host, Origin: 'http://example.test', 'Access-Control-Request-Method': 'POST' },
      });
      expect(r.status).toBe(204);
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(r.headers['access-control-allow-methods']).toContain('DELETE');
      expect(r.headers['access-control-allow-headers']).toContain('Service-IrbX-Request-Id');
      expect(r.headers['access-control-expose-headers']).toContain('Location');
    });

    it('GET / lists every endpoint of the interface', async () => {
      const r = await w.client.get(w.site, '/');
      expect(r.status).toBe(200);
      const doc = r.json();
      expect(doc.name).toBeTypeOf('string');
      expect(doc.version).toBeTypeOf('string');
      const keys = doc.endpoints.map((e: { method: string; path: string }) => `${e.method} ${e.path}`);
      expect(new Set(keys).size).toBe(25); // the 24 operations and the root, as protocol.md §2 lists them
      expect(keys).toContain('GET /ping');
      expect(keys).toContain('PUT /organizations/{organizationId}/certificate');
      expect(keys).toContain('DELETE /containers/{containerId}/permissions/{itemPath}');
      expect(doc.endpoints.find((e: { path: string }) => e.path === '/ping').roles).toEqual(['Anonymous']);
    });
  });

  describe('containers', () => {
    it('create, get, list, access list, grant and revoke', async () => {
      const created = await w.client.post(w.sirb, '/containers', {});
      expect(created.status).toBe(201);
      const c = created.json();
      expect(Object.keys(c).sort()).toEqual(CONTAINER_FIELDS);
      expect(c.id).toMatch(ID);
      expect(created.headers.location).toBe(`/containers/${c.id}`);
      expect(c).toMatchObject({
        url: `/containers/${c.id}`,
        ownerId: w.sirb.id,
        itemsUrl: `/containers/${c.id}/items`,
        organizationsUrl: `/containers/${c.id}/organizations`,
        ownerUrl: `/organizations/${w.sirb.id}`,
      });
      expect(c.createdAt).toMatch(ISO);
      expect(c.updatedAt).toMatch(ISO);

      const got = await w.client.get(w.sirb, c.url);
      expect(got.status).toBe(200);
      expect(got.json()).toEqual(c);

      const granted = await w.client.post(w.sirb, c.organizationsUrl, { organizationId: w.site.id });
      expect(granted.status).toBe(200);
      expect(granted.json().map((o: { id: string }) => o.id)).toEqual([w.sirb.id, w.site.id]);
      const again = await w.client.post(w.sirb, c.organizationsUrl, { organizationId: w.site.id });
      expect(again.status).toBe(200);
      expect(again.json()).toHaveLength(2);

      const list = await w.client.get(w.site, '/containers');
      expect(list.status).toBe(200);
      expect(list.json().map((x: { id: string }) => x.id)).toContain(c.id);
      const access = await w.client.get(w.site, c.organizationsUrl);
      expect(access.status).toBe(200);
      expect(Object.keys(access.json()[0]).sort()).toEqual(ORG_FIELDS);

      const revoked = await w.client.delete(w.sirb, c.organizationsUrl, { organizationId: w.site.id });
      expect(revoked.status).toBe(200);
      expect(revoked.json().map((o: { id: string }) => o.id)).toEqual([w.sirb.id]);
      expect((await w.client.get(w.site, c.url)).status).toBe(404);
    });
  });

  describe('items', () => {
    let c: { id: string; url: string };
    beforeAll(async () => {
      c = (await w.client.post(w.sirb, '/containers', {})).json();
      await w.client.post(w.sirb, `${c.url}/organizations`, { organizationId: w.site.id });
      await w.client.post(w.sirb, `${c.url}/organizations`, { organizationId: w.site2.id });
    });

    it('PUT creates (201 + Location), PUT again updates (200), content round-trips', async () => {
      const p1 = payloadFor(w.sirb, Buffer.from('first version'));
      const created = await w.client.put(w.sirb, `${c.url}/items/studies/main`, p1);
      expect(created.status).toBe(201);
      const item = created.json();
      expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
      expect(item.id).toBe('studies|main');
      expect(created.headers.location).toBe(`${c.url}/items/studies/main`);
      expect(item).toMatchObject({
        url: `${c.url}/items/studies/main`,
        contentUrl: `${c.url}/content/studies/main`,
        permissionsUrl: `${c.url}/permissions/studies/main`,
        containerUrl: c.url,
        ownerUrl: `/organizations/${w.sirb.id}`,
        header: p1.header,
        headerHash: p1.headerHash,
        contentHash: p1.contentHash,
        key: p1.key,
        keyHash: p1.keyHash,
        iv: p1.iv,
        algorithm: 'AES',
        headerHashAlgorithm: 'SHA256',
        contentHashAlgorithm: 'SHA256',
        keyHashAlgorithm: 'SHA256',
      });
      expect(item.createdAt).toMatch(ISO);
      // the answer is the item as stored (the store hands back what it wrote: no second read)
      expect((await w.client.get(w.sirb, `${c.url}/items/studies/main`)).json()).toEqual(item);

      const p2 = payloadFor(w.sirb, Buffer.from('second version'));
      const updated = await w.client.put(w.sirb, `${c.url}/items/studies|main`, p2);
      expect(updated.status).toBe(200);
      expect(updated.headers.location).toBeUndefined();
      expect(updated.json().contentHash).toBe(p2.contentHash);
      expect(updated.json().createdAt).toBe(item.createdAt);
      expect((await w.client.get(w.sirb, `${c.url}/items/studies/main`)).json()).toEqual(updated.json());

      const content = await w.client.get(w.sirb, `${c.url}/content/studies/main`);
      expect(content.status).toBe(200);
      expect(Number(content.headers['content-length'])).toBe(content.body.length);
      const full = content.json();
      expect(full.content).toBe(p2.content);
      expect(Object.keys(full).sort()).toEqual([...ITEM_FIELDS, 'content'].sort());
      const k = openItemKey(full, w.sirb.keyPem);
      expect(openHeader(full, k)).toEqual({ type: 'study', version: 'IRBX.2' });
      expect(openContent(full, k).toString()).toBe('second version');
    });

    it('POST adds with a generated last segment; a pSite collaborator may add', async () => {
      const added = await w.client.post(w.site, `${c.url}/items/documents`, payloadFor(w.site));
      expect(added.status).toBe(201);
      const item = added.json();
      expect(item.id).toMatch(/^documents\|[0-9a-f]{32}$/);
      expect(added.headers.location).toBe(item.url);
      const top = await w.client.post(w.site, `${c.url}/items`, payloadFor(w.site));
      expect(top.status).toBe(201);
      expect(top.json().id).toMatch(ID);
    });

    it('lists: root, directory, item as object, recurse, owner, since; order by id', async () => {
      await w.client.put(w.sirb, `${c.url}/items/tree/a`, payloadFor(w.sirb));
      await w.client.put(w.sirb, `${c.url}/items/tree/b`, payloadFor(w.sirb));
      await w.client.put(w.sirb, `${c.url}/items/tree/b/deep`, payloadFor(w.sirb));
      const before = new Date(Date.now() - 1000).toISOString();
      const siteItem = (await w.client.put(w.site, `${c.url}/items/tree/c`, payloadFor(w.site))).json();

      const dir = await w.client.get(w.sirb, `${c.url}/items/tree`);
      expect(dir.status).toBe(200);
      expect(dir.json().map((i: { id: string }) => i.id)).toEqual(['tree|a', 'tree|b']); // tree|c is the site's, not granted

      const one = await w.client.get(w.sirb, `${c.url}/items/tree/a`);
      expect(Array.isArray(one.json())).toBe(false);
      expect(one.json().id).toBe('tree|a');
      expect(one.json().content).toBeUndefined();

      const rec = await w.client.get(w.sirb, `${c.url}/items/tree?recurse=true`);
      expect(rec.json().map((i: { id: string }) => i.id)).toEqual(['tree|a', 'tree|b', 'tree|b|deep']);

      const all = await w.client.get(w.sirb, `${c.url}/items?recurse=true`);
      expect(all.json().map((i: { id: string }) => i.id)).toContain('studies|main');
      const root = await w.client.get(w.sirb, `${c.url}/items`);
      expect(root.json()).toEqual([]); // the sIRB has no one-segment items

      const mine = await w.client.get(w.site, `${c.url}/items?recurse=true&owner=${w.site.id}`);
      const ids = mine.json().map((i: { id: string }) => i.id);
      expect(ids).toContain(siteItem.id);
      expect(ids.every((id: string) => !id.startsWith('studies'))).toBe(true);

      const since = await w.client.get(w.site, `${c.url}/items/tree?since=${encodeURIComponent(before)}`);
      expect(since.json().map((i: { id: string }) => i.id)).toEqual(['tree|c']);
      const future = await w.client.get(w.site, `${c.url}/items/tree?since=2999-01-01`);
      expect(future.json()).toEqual([]);
    });

    it('item access: list, grant (key for the grantee), update, revoke; readers see it', async () => {
      const p = payloadFor(w.sirb, Buffer.from('shared record'));
      await w.client.put(w.sirb, `${c.url}/items/shared/one`, p);
      const path = `${c.url}/permissions/shared/one`;
      const list = await w.client.get(w.sirb, path);
      expect(list.status).toBe(200);
      expect(list.json().map((o: { id: string }) => o.id)).toEqual([w.sirb.id]);

      const raw = unwrapKey(p.key, w.sirb.keyPem);
      const forSite = wrapKey(raw, w.site.identity.certificatePem);
      const granted = await w.client.post(w.sirb, path, { organizationId: w.site.id, key: forSite });
      expect(granted.status).toBe(200);
      expect(granted.json().map((o: { id: string }) => o.id)).toEqual([w.sirb.id, w.site.id]);

      const seen = await w.client.get(w.site, `${c.url}/content/shared/one`);
      expect(seen.status).toBe(200);
      const item = seen.json();
      expect(item.key).toBe(forSite);
      expect(openContent(item, openItemKey(item, w.site.keyPem)).toString()).toBe('shared record');
      expect((await w.client.get(w.site, path)).json()).toHaveLength(2);

      const again = wrapKey(raw, w.site.identity.certificatePem);
      const updated = await w.client.put(w.sirb, path, { organizationId: w.site.id, key: again });
      expect(updated.status).toBe(200);
      expect((await w.client.get(w.site, `${c.url}/items/shared/one`)).json().key).toBe(again);

      const revoked = await w.client.delete(w.sirb, path, { organizationId: w.site.id });
      expect(revoked.status).toBe(200);
      expect(revoked.json().map((o: { id: string }) => o.id)).toEqual([w.sirb.id]);
      expect((await w.client.get(w.site, `${c.url}/content/shared/one`)).status).toBe(404);
      expect((await w.client.get(w.site, `${c.url}/items/shared/one`)).json()).toEqual([]); // only a directory to it now
    });

    it('DELETE removes the item, its content file and its grants', async () => {
      const p = payloadFor(w.sirb);
      await w.client.put(w.sirb, `${c.url}/items/gone`, p);
      const raw = unwrapKey(p.key, w.sirb.keyPem);
      await w.client.post(w.sirb, `${c.url}/permissions/gone`, {
        organizationId: w.site.id,
        key: wrapKey(raw, w.site.identity.certificatePem),
      });
      const del = await w.client.delete(w.sirb, `${c.url}/items/gone`);
      expect(del.status).toBe(204);
      expect(del.body.length).toBe(0);
      expect((await w.client.get(w.sirb, `${c.url}/items/gone`)).json()).toEqual([]); // now a (empty) directory
      expect((await w.client.get(w.sirb, `${c.url}/content/gone`)).status).toBe(404);
      expect((await w.client.get(w.site, `${c.url}/permissions/gone`)).status).toBe(404);
      // a new item at the same id starts with an empty access list
      await w.client.put(w.sirb, `${c.url}/items/gone`, payloadFor(w.sirb));
      expect((await w.client.get(w.sirb, `${c.url}/permissions/gone`)).json()).toHaveLength(1);
    });
  });

  describe('organizations', () => {
    it('list (name prefix, case-insensitive, disabled included) and get', async () => {
      const all = await w.client.get(w.site, '/organizations');
      expect(all.status).toBe(200);
      const names = all.json().map((o: { name: string }) => o.name);
      expect(names).toContain('Closed Clinic');
      const some = await w.client.get(w.site, '/organizations?name=riVer');
      expect(some.json().map((o: { name: string }) => o.name)).toEqual(['Riverside Site']);
      const one = await w.client.get(w.site, `/organizations/${w.sirb.id}`);
      expect(one.status).toBe(200);
      const org = one.json();
      expect(Object.keys(org).sort()).toEqual(ORG_FIELDS);
      expect(org).toMatchObject({
        id: w.sirb.id,
        url: `/organizations/${w.sirb.id}`,
        name: 'Central IRB',
        isSirb: true,
        isDisabled: false,
        certificateUrl: `/organizations/${w.sirb.id}/certificate`,
      });
      expect(org.thumbprint).toBe(parseCertificate(w.sirb.identity.certificatePem).thumbprint);
    });

    it('create, update and certificate (Admin); certificate GET as PEM and DER', async () => {
      const created = await w.client.post(w.admin, '/organizations', {
        name: 'New Site',
        certificate: w.spare.certificatePem,
      });
      expect(created.status).toBe(201);
      const org = created.json();
      expect(created.headers.location).toBe(`/organizations/${org.id}`);
      expect(org).toMatchObject({
        name: 'New Site',
        isSirb: false,
        isDisabled: false,
        thumbprint: parseCertificate(w.spare.certificatePem).thumbprint,
      });

      const updated = await w.client.put(w.admin, `/organizations/${org.id}`, {
        name: 'Renamed Site',
        isSirb: true,
        isDisabled: true,
      });
      expect(updated.status).toBe(200);
      expect(updated.json()).toMatchObject({ id: org.id, name: 'Renamed Site', isSirb: true, isDisabled: true });

      const pem = await w.client.get(w.site, `/organizations/${org.id}/certificate`);
      expect(pem.status).toBe(200);
      expect(pem.headers['content-type']).toBe('application/x-pem-file');
      expect(parseCertificate(pem.text).thumbprint).toBe(org.thumbprint);
      const der = await w.client.get(w.site, `/organizations/${org.id}/certificate`, {
        headers: { Accept: 'application/pkix-cert' },
      });
      expect(der.headers['content-type']).toBe('application/pkix-cert');
      expect(der.body.equals(parseCertificate(w.spare.certificatePem).der)).toBe(true);

      // each PUT with a certificate no organization has yet: one key, one organization (1010 otherwise)
      const target = w.bare.id;
      const [first, second, third] = ['Bare A', 'Bare B', 'Bare C'].map((n) =>
        issueIdentity(n, { ca: w.ca, bits: 2048 }),
      );
      const putPem = await w.client.put(w.admin, `/organizations/${target}/certificate`, first!.certificatePem, {
        contentType: 'application/x-pem-file',
      });
      expect(putPem.status).toBe(200);
      expect(putPem.json().thumbprint).toBe(parseCertificate(first!.certificatePem).thumbprint);
      const derBytes = parseCertificate(second!.certificatePem).der;
      const putDer = await w.client.put(w.admin, `/organizations/${target}/certificate`, derBytes, {
        contentType: 'application/pkix-cert',
      });
      expect(putDer.status).toBe(200);
      expect(putDer.json().thumbprint).toBe(parseCertificate(second!.certificatePem).thumbprint);
      const putCa = await w.client.put(w.admin, `/organizations/${target}/certificate`, third!.certificatePem, {
        contentType: 'application/x-x509-ca-cert',
      });
      expect(putCa.status).toBe(200);
    });

    it('logs one line per request without bodies', async () => {
      const marker = 'secret-body-marker';
      await w.client.post(w.admin, '/organizations', { name: marker });
      const line = w.logs.find((l) => l.startsWith('POST /organizations 201'));
      expect(line).toMatch(new RegExp(`org=${w.admin.id} request=[0-9a-f]{32}`));
      expect(w.logs.join('\n')).not.toContain(marker);
    });
  });
});
