// docs/protocol.md's statements that issue 34 asked for, each made by real requests to the
// reference server, on both stores where the store answers (listing order, updatedAt):
// grants leave updatedAt alone (so `since` misses a late grant), names are listed in UTF-8
// byte order, a base path is part of the signed path, signed header values are trimmed of
// tabs and keep quoted spacing, the 1 MiB limits of JSON bodies and certificates, and the
// `charset` parameter of a media type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CERTIFICATE_BYTES, MAX_JSON_BODY_BYTES } from '../../shared/limits.js';
import { startExchange, type RunningExchange } from '../index.js';
import { SignedClient, type TestResponse } from '../test-support/signed-client.js';
import { STORES } from '../test-support/stores.js';
import { createWorld, payloadFor, studyWithSite, type World } from '../test-support/world.js';

function expectCode(r: TestResponse, status: number, code: number): void {
  expect({ status: r.status, code: r.json().code }, r.text).toEqual({ status, code });
}

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;
  // the world's clock: the tests move it on, so a save and a later grant are apart in time
  let clock = Date.now();

  beforeAll(async () => {
    w = await createWorld({ storeKind, now: () => clock });
    c = await studyWithSite(w);
  });
  afterAll(async () => {
    await w.close();
  });

  it('granting, updating and revoking access leave updatedAt as it is, so since does not see a late grant', async () => {
    const saved = await w.client.put(w.sirb, `${c}/items/late/doc`, payloadFor(w.sirb));
    expect(saved.status).toBe(201);
    const updatedAt: string = saved.json().updatedAt;
    const key = payloadFor(w.site).key;
    const after = new Date(Date.parse(updatedAt) + 1).toISOString();
    clock += 10_000;
    expect((await w.client.post(w.sirb, `${c}/permissions/late/doc`, { organizationId: w.site.id, key })).status).toBe(
      200,
    );
    clock += 10_000;
    expect((await w.client.put(w.sirb, `${c}/permissions/late/doc`, { organizationId: w.site.id, key })).status).toBe(
      200,
    );
    // the site now reads it, with the updatedAt of its save
    const read = await w.client.get(w.site, `${c}/items/late/doc`);
    expect(read.json().updatedAt).toBe(updatedAt);
    // a listing since just after the save does not show it; the whole listing does
    expect((await w.client.get(w.site, `${c}/items/late?since=${encodeURIComponent(after)}`)).json()).toEqual([]);
    expect((await w.client.get(w.site, `${c}/items/late`)).json().map((i: { id: string }) => i.id)).toEqual([
      'late|doc',
    ]);
    clock += 10_000;
    const revoked = await w.client.send(w.sirb, {
      method: 'DELETE',
      path: `${c}/permissions/late/doc`,
      body: { organizationId: w.site.id },
    });
    expect(revoked.status).toBe(200);
    expect((await w.client.get(w.sirb, `${c}/items/late/doc`)).json().updatedAt).toBe(updatedAt);
  });

  it('lists names in UTF-8 byte order, not UTF-16 code-unit ("character code") order', async () => {
    // U+FF5A (fullwidth z) is one UTF-16 unit above the surrogate of U+1D49C, but its UTF-8
    // bytes (EF BD 9A) sort before that character's (F0 9D 92 9C)
    const names = ['𝒜', 'ｚ', 'é', 'z', 'Z', 'a'];
    for (const name of names)
      expect(
        (await w.client.put(w.sirb, `${c}/items/order/${encodeURIComponent(name)}`, payloadFor(w.sirb))).status,
      ).toBe(201);
    const listed = (await w.client.get(w.sirb, `${c}/items/order`)).json().map((i: { id: string }) => i.id);
    const byBytes = names
      .map((n) => `order|${n}`)
      .sort((x, y) => Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8')));
    expect(listed).toEqual(byBytes);
    expect(listed).toEqual(['order|Z', 'order|a', 'order|z', 'order|é', 'order|ｚ', 'order|𝒜']);
    // JavaScript's own sort (UTF-16 code units) would put 𝒜 before ｚ
    expect([...byBytes].sort()).not.toEqual(byBytes);
  });
});

describe('on sqlite', () => {
  let w: World;
  let c: string;

  beforeAll(async () => {
    w = await createWorld();
    c = await studyWithSite(w);
  });
  afterAll(async () => {
    await w.close();
  });

  it('signed header values are trimmed of spaces and tabs; runs of spaces collapse, except inside double quotes, where \\" does not end the quote', async () => {
    const sign = (value: string, sent?: string) =>
      w.client.send(w.site, {
        method: 'GET',
        path: '/ping/site',
        extraSignedHeaders: [['X-Note', value]],
        ...(sent !== undefined ? { tamper: (r) => void (r.headers['X-Note'] = sent) } : {}),
      });
    expect((await sign('\t a   b  "c   \\"  d"\t ')).status).toBe(200);
    // the server reads the spacing outside quotes as one space, and tabs at the ends as nothing
    expect((await sign('a   b', 'a b')).status).toBe(200);
    expect((await sign('a b', '\t\ta b \t')).status).toBe(200);
    // inside quotes spacing is kept, past an escaped quote too
    expectCode(await sign('"a   b"', '"a b"'), 401, 2003);
    expectCode(await sign('"x \\"  y"', '"x \\" y"'), 401, 2003);
  });

  it('a JSON body of at most 1 MiB is read; one byte more is 1009; a certificate of more than 1 MiB is 1010', async () => {
    const padded = (size: number): Buffer => Buffer.from(`{}${' '.repeat(size - 2)}`);
    const ok = await w.client.send(w.sirb, {
      method: 'POST',
      path: '/containers',
      body: padded(MAX_JSON_BODY_BYTES),
      contentType: 'application/json',
    });
    expect(ok.status, ok.text).toBe(201);
    const over = await w.client.send(w.sirb, {
      method: 'POST',
      path: '/containers',
      body: padded(MAX_JSON_BODY_BYTES + 1),
      contentType: 'application/json',
    });
    expectCode(over, 400, 1009);
    const pem = w.spare.certificatePem;
    const cert = await w.client.send(w.admin, {
      method: 'PUT',
      path: `/organizations/${w.bare.id}/certificate`,
      body: Buffer.from(pem + ' '.repeat(MAX_CERTIFICATE_BYTES + 1 - pem.length)),
      contentType: 'application/x-pem-file',
    });
    expectCode(cert, 400, 1010);
  });

  it('a media type’s charset parameter is allowed and the body read as UTF-8; another type is 1017', async () => {
    const utf8 = await w.client.put(w.site, `${c}/items/charset`, payloadFor(w.site), {
      contentType: 'application/json; charset=utf-8',
    });
    expect(utf8.status, utf8.text).toBe(201);
    const other = await w.client.put(w.site, `${c}/items/charset`, payloadFor(w.site), { contentType: 'text/plain' });
    expectCode(other, 415, 1017);
  });
});

describe('a server answering below a base path', () => {
  let server: RunningExchange;
  let w: World;

  beforeAll(async () => {
    w = await createWorld();
    server = await startExchange({
      ...w.store,
      basePath: '/api/',
      trustCaPems: [w.ca.certificatePem],
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await server.close();
    await w.close();
  });

  it('verifies the whole path, prefix included, and routes below it', async () => {
    const client = new SignedClient(server.port);
    const made = await client.post(w.sirb, '/api/containers', {});
    expect(made.status, made.text).toBe(201);
    // the answer's urls are paths below the base
    expect(made.json().url).toMatch(/^\/containers\/[0-9a-f]{32}$/);
    expect((await client.get(w.sirb, `/api${made.json().url}`)).status).toBe(200);
    // signed without the prefix but sent with it: the canonical path the server computed has it
    const cut = await client.send(w.sirb, {
      method: 'GET',
      path: '/containers',
      tamper: (r) => void (r.path = '/api/containers'),
    });
    expectCode(cut, 401, 2003);
    expect(cut.json().details).toContain('\n/api/containers\n');
    // nothing is answered outside the base path
    expectCode(await client.get(w.sirb, '/containers'), 404, 1015);
    expect((await client.get(w.sirb, '/api')).json().name).toBe('Study Exchange reference server');
  });

  it('refuses a base path that would not read the same raw and canonical', async () => {
    for (const bad of ['api', '/a b', '/a/../b', '/%41', '/./x'])
      await expect(startExchange({ ...w.store, basePath: bad, log: () => undefined })).rejects.toThrow(RangeError);
  });
});
