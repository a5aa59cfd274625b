// protocol.md §2 "Order of checks": the signature before anything about the organization is
// told (disabled, role); then replay, disabled, role, ownership or visibility; the body's
// type and fields last.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestResponse } from '../test-support/signed-client.js';
import { STORES } from '../test-support/stores.js';
import { createWorld, payloadFor, studyWithSite, type World } from '../test-support/world.js';

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;

  beforeAll(async () => {
    w = await createWorld({ storeKind });
    c = await studyWithSite(w);
    await w.client.put(w.sirb, `${c}/items/owned`, payloadFor(w.sirb));
    const p = payloadFor(w.sirb);
    await w.client.put(w.sirb, `${c}/items/shared`, p);
    await w.client.post(w.sirb, `${c}/permissions/shared`, { organizationId: w.site.id, key: p.key });
  });
  afterAll(async () => {
    await w.close();
  });

  function expectCode(r: TestResponse, status: number, code: number): void {
    expect(r.status, r.text).toBe(status);
    expect(r.json().code, r.text).toBe(code);
  }

  /** The signature's Base-64 with its first character changed: still well-formed, never valid. */
  function corruptSignature(t: { headers: Record<string, string | number | null> }): void {
    const auth = String(t.headers['Authorization']);
    const at = auth.indexOf('Signature=') + 'Signature='.length;
    t.headers['Authorization'] = auth.slice(0, at) + (auth[at] === 'A' ? 'B' : 'A') + auth.slice(at + 1);
  }

  describe('nothing about the organization before the signature', () => {
    it('a forged request of a disabled organization gets 2003 like any forged request', async () => {
      expectCode(await w.client.get(w.disabled, '/containers', { tamper: corruptSignature }), 401, 2003);
      expectCode(await w.client.get(w.sirb, '/containers', { tamper: corruptSignature }), 401, 2003);
      expectCode(
        await w.client.post(w.disabled, '/containers', '{', {
          contentType: 'application/json',
          tamper: corruptSignature,
        }),
        401,
        2003,
      );
    });

    it('a signed request of a disabled organization gets 2006, even with a bad body or no route', async () => {
      expectCode(await w.client.get(w.disabled, '/containers'), 403, 2006);
      expectCode(await w.client.post(w.disabled, '/containers', '{', { contentType: 'text/plain' }), 403, 2006);
      expectCode(await w.client.get(w.disabled, '/nowhere'), 403, 2006);
    });
  });

  describe('role, ownership and visibility before the body', () => {
    it("a pSite's POST /containers with a malformed or mistyped body is 2007", async () => {
      expectCode(await w.client.post(w.site, '/containers', '{', { contentType: 'application/json' }), 403, 2007);
      expectCode(await w.client.post(w.site, '/containers', 'x', { contentType: 'text/plain' }), 403, 2007);
      expectCode(await w.client.post(w.site, `${c}/organizations`, { organizationId: 5 }), 403, 2007);
    });

    it("a non-admin's organization writes are 2007 whatever the body", async () => {
      expectCode(
        await w.client.put(w.sirb, `/organizations/${w.bare.id}/certificate`, 'x', { contentType: 'text/plain' }),
        403,
        2007,
      );
      expectCode(
        await w.client.put(w.sirb, `/organizations/${w.bare.id}/certificate`, '', {
          contentType: 'application/x-pem-file',
        }),
        403,
        2007,
      );
      expectCode(await w.client.post(w.sirb, '/organizations', {}), 403, 2007);
      expectCode(await w.client.put(w.sirb, `/organizations/${w.site.id}`, { isSirb: 'yes' }), 403, 2007);
    });

    it('an admin writing to an unknown organization is told so before the body is looked at', async () => {
      expectCode(
        await w.client.put(w.admin, `/organizations/${'f'.repeat(32)}/certificate`, 'x', { contentType: 'text/plain' }),
        404,
        1015,
      );
      expectCode(await w.client.put(w.admin, `/organizations/${'f'.repeat(32)}`, { isSirb: 'yes' }), 404, 1015);
    });

    it("an outsider's item writes meet the container's 404 before the payload's checks", async () => {
      for (const body of [{}, { header: '' }, '{']) {
        const more = typeof body === 'string' ? { contentType: 'application/json' } : {};
        expectCode(await w.client.put(w.site2, `${c}/items/new`, body, more), 404, 1015);
        expectCode(await w.client.post(w.site2, `${c}/items`, body, more), 404, 1015);
        expectCode(await w.client.post(w.site2, `${c}/permissions/owned`, body, more), 404, 1015);
      }
      expectCode(await w.client.put(w.site2, `${c}/items/new`, 'x', { contentType: 'text/plain' }), 404, 1015);
    });

    it("a member's writes to another's item are 2007 before the payload's checks", async () => {
      expectCode(await w.client.put(w.site, `${c}/items/owned`, {}), 403, 2007);
      expectCode(await w.client.put(w.site, `${c}/items/owned`, 'x', { contentType: 'text/plain' }), 403, 2007);
      expectCode(await w.client.post(w.site, `${c}/permissions/shared`, {}), 403, 2007);
      expectCode(await w.client.put(w.site, `${c}/permissions/shared`, { key: '' }), 403, 2007);
      expectCode(await w.client.delete(w.site, `${c}/permissions/shared`, {}), 403, 2007);
      expectCode(await w.client.delete(w.site, `${c}/organizations`, {}), 403, 2007);
    });

    it('the owner still meets the payload checks', async () => {
      expectCode(await w.client.put(w.sirb, `${c}/items/owned`, {}), 400, 1006);
      expectCode(await w.client.put(w.sirb, `${c}/items/owned`, 'x', { contentType: 'text/plain' }), 415, 1017);
      expectCode(await w.client.post(w.sirb, `${c}/permissions/shared`, {}), 400, 1006);
    });
  });
});
