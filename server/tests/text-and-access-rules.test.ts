// Issue 27, on both stores: text holding U+0000 is refused (1009) before any store sees it
// (PostgreSQL cannot hold it: it answered 503 or 500 with a stack in the log); organization
// names hold no control characters; the reserved paths (`study`, `checklist`, `receipts|signoffs|requests/<org>/`,
// decisions §3) take writes only from their organization (2007), so no collaborator can squat them; a disabled
// organization cannot be given access (1019); and the last enabled administrator cannot be
// disabled (1020).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity } from '../../shared/protocol/certificates.js';
import { registerInStore, startExchange } from '../index.js';
import { openStore } from '../open-store.js';
import { SignedClient, type TestOrg, type TestResponse } from '../test-support/signed-client.js';
import { freshStore, STORES } from '../test-support/stores.js';
import { createWorld, payloadFor, studyWithSite, type World } from '../test-support/world.js';

function expectRefused(r: TestResponse, status: number, code: number): void {
  expect(r.status, r.text).toBe(status);
  expect(r.json().code).toBe(code);
}

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;

  beforeAll(async () => {
    w = await createWorld({ storeKind });
    c = await studyWithSite(w);
    await w.client.put(w.sirb, `${c}/items/base`, payloadFor(w.sirb));
  });
  afterAll(async () => {
    await w.close();
  });

  /** Nothing the store could not take reached it: no 5xx, nothing unexpected logged. */
  function expectNoStoreFailure(): void {
    expect(w.logs.filter((l) => /unexpected error|store unavailable|unhandled/.test(l))).toEqual([]);
  }

  describe('U+0000', () => {
    it('in a query value or name is 1009, on every listing that reads one', async () => {
      for (const query of ['owner=%00', `owner=${w.sirb.id}%00`, 'since=2026-01-01%00', 'recurse=true%00', '%00=1']) {
        expectRefused(await w.client.get(w.sirb, `${c}/items?${query}`), 400, 1009);
      }
      expectRefused(await w.client.get(w.sirb, '/organizations?name=%00'), 400, 1009);
      expectRefused(await w.client.get(w.sirb, '/organizations?name=Cent%00ral'), 400, 1009);
      expectNoStoreFailure();
    });

    it('in a JSON string, a value or a name at any depth, is 1009', async () => {
      expectRefused(await w.client.post(w.admin, '/organizations', { name: 'Nul\u0000Clinic' }), 400, 1009);
      expectRefused(await w.client.put(w.admin, `/organizations/${w.site2.id}`, { name: '\u0000' }), 400, 1009);
      expectRefused(
        await w.client.post(w.sirb, `${c}/organizations`, { organizationId: `${w.site2.id}\u0000` }),
        400,
        1009,
      );
      expectRefused(
        await w.client.post(w.sirb, `${c}/permissions/base`, {
          organizationId: w.site.id,
          key: 'AAAA',
          extra: [{ 'n\u0000': 1 }],
        }),
        400,
        1009,
      );
      expectRefused(
        await w.client.put(w.sirb, `${c}/items/nul`, { ...payloadFor(w.sirb), iv: `${'a'.repeat(31)}\u0000` }),
        400,
        1009,
      );
      expectRefused(
        await w.client.put(w.sirb, `${c}/items/nul`, { ...payloadFor(w.sirb), note: { deep: ['\u0000'] } }),
        400,
        1009,
      );
      // a body nested deeper than a call stack goes is still judged, not a 500
      const deep = `{"name":"x","a":${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}}`;
      expectRefused(
        await w.client.post(w.admin, '/organizations', deep, { contentType: 'application/json' }),
        400,
        1009,
      );
      expectNoStoreFailure();
    });

    it('in an id of the path names nothing (1015), and no store is asked', async () => {
      expectRefused(await w.client.get(w.sirb, '/containers/%00'), 404, 1015);
      expectRefused(await w.client.get(w.sirb, `/organizations/${w.site.id.slice(0, 31)}%00`), 404, 1015);
      expectRefused(await w.client.get(w.sirb, `${c.replace(/[0-9a-f]$/, '%00')}/items`), 404, 1015);
      expectNoStoreFailure();
    });

    it('organization names hold no C0 or C1 control characters, on create and rename', async () => {
      for (const name of [
        'Tab\tClinic',
        'Bell\u0007',
        'Esc\u001b[31m',
        'C1\u0085Next',
        'C1\u009fEnd',
        'Del\u007f ok',
      ]) {
        const r = await w.client.post(w.admin, '/organizations', { name });
        if (name.includes('\u007f')) {
          // DEL is neither C0 nor C1
          expect(r.status, r.text).toBe(201);
          continue;
        }
        expectRefused(r, 400, 1009);
        expectRefused(await w.client.put(w.admin, `/organizations/${w.site2.id}`, { name }), 400, 1009);
      }
      expect((await w.client.get(w.sirb, `/organizations/${w.site2.id}`)).json().name).toBe(w.site2.name);
    });

    it('direct registration (org-add, the sandbox) keeps the same rule for names', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'exchange-names-'));
      const registry = await openStore(await freshStore(storeKind, dir), () => undefined);
      try {
        await expect(registerInStore(registry.store, { name: 'Bell\u0007' })).rejects.toThrow(/control character/);
        await expect(registerInStore(registry.store, { name: '   ' })).rejects.toThrow(/1 to 200/);
        expect((await registerInStore(registry.store, { name: '  Lakeside Clinic ' })).name).toBe('Lakeside Clinic');
      } finally {
        await registry.store.close();
        registry.release();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('reserved paths', () => {
    it('study: a collaborator cannot write it first, and the owner still can', async () => {
      const study = (await w.client.post(w.sirb, '/containers', {})).json().url as string;
      await w.client.post(w.sirb, `${study}/organizations`, { organizationId: w.site.id });
      expectRefused(await w.client.put(w.site, `${study}/items/study`, payloadFor(w.site)), 403, 2007);
      // the owner's own record is refused to others too, not only while the place is free
      expect((await w.client.put(w.sirb, `${study}/items/study`, payloadFor(w.sirb))).status).toBe(201);
      expectRefused(await w.client.put(w.site, `${study}/items/study`, payloadFor(w.site)), 403, 2007);
      expect((await w.client.put(w.sirb, `${study}/items/study`, payloadFor(w.sirb))).status).toBe(200);
      // a path that only starts like it is an ordinary path
      expect((await w.client.put(w.site, `${study}/items/studyx`, payloadFor(w.site))).status).toBe(201);
    });

    it('receipts/<org>/: only that organization writes there, by PUT or POST; receipts/<own id>/ is open to it', async () => {
      const mine = `${c}/items/receipts/${w.site.id}/${'ab'.repeat(16)}`;
      const theirs = `${c}/items/receipts/${w.sirb.id}/${'cd'.repeat(16)}`;
      expectRefused(await w.client.put(w.site, theirs, payloadFor(w.site)), 403, 2007);
      expectRefused(await w.client.post(w.site, `${c}/items/receipts/${w.sirb.id}`, payloadFor(w.site)), 403, 2007);
      expectRefused(await w.client.put(w.sirb, mine, payloadFor(w.sirb)), 403, 2007);
      // the container's owner has no say over another organization's receipts either
      expectRefused(await w.client.put(w.sirb, `${c}/items/receipts/${w.site.id}/x/y`, payloadFor(w.sirb)), 403, 2007);
      expect((await w.client.put(w.site, mine, payloadFor(w.site))).status).toBe(201);
      expect((await w.client.post(w.site, `${c}/items/receipts/${w.site.id}`, payloadFor(w.site))).status).toBe(201);
      expect((await w.client.put(w.sirb, theirs, payloadFor(w.sirb))).status).toBe(201);
      // an item already there does not change the answer
      expectRefused(await w.client.put(w.sirb, mine, payloadFor(w.sirb)), 403, 2007);
    });

    it('study and checklist: a collaborator can neither save nor add there or below; the owner can', async () => {
      // before: a collaborator's Add item at `study` created `study/<generated>`
      expectRefused(await w.client.post(w.site, `${c}/items/study`, payloadFor(w.site)), 403, 2007);
      expectRefused(await w.client.put(w.site, `${c}/items/study/x`, payloadFor(w.site)), 403, 2007);
      expectRefused(await w.client.put(w.site, `${c}/items/checklist`, payloadFor(w.site)), 403, 2007);
      expectRefused(await w.client.post(w.site, `${c}/items/checklist`, payloadFor(w.site)), 403, 2007);
      expect((await w.client.put(w.sirb, `${c}/items/checklist`, payloadFor(w.sirb))).status).toBe(201);
      expectRefused(await w.client.put(w.site, `${c}/items/checklist`, payloadFor(w.site)), 403, 2007);
      expect((await w.client.put(w.sirb, `${c}/items/checklist`, payloadFor(w.sirb))).status).toBe(200);
      expect((await w.client.put(w.site, `${c}/items/checklists`, payloadFor(w.site))).status).toBe(201);
      const listed = (await w.client.get(w.sirb, `${c}/items?recurse=true`)).json() as { id: string }[];
      expect(listed.filter((i) => i.id.startsWith('study|'))).toEqual([]);
    });

    it.each(['signoffs', 'requests', 'receipts'])(
      '%s/<org>: only that organization, by PUT or POST; the root and non-ids to no one',
      async (root) => {
        const base = `${c}/items/${root}`;
        // before: `receipts/<another org>` could be created as an item
        expectRefused(await w.client.put(w.site, `${base}/${w.sirb.id}`, payloadFor(w.site)), 403, 2007);
        expectRefused(await w.client.post(w.site, `${base}/${w.sirb.id}`, payloadFor(w.site)), 403, 2007);
        expectRefused(await w.client.put(w.sirb, `${base}/${w.site.id}/x`, payloadFor(w.sirb)), 403, 2007);
        // the roots themselves and anything but an organization id below them: no one, owner included
        for (const org of [w.sirb, w.site]) {
          expectRefused(await w.client.put(org, base, payloadFor(org)), 403, 2007);
          expectRefused(await w.client.post(org, base, payloadFor(org)), 403, 2007);
          expectRefused(await w.client.put(org, `${base}/notes/x`, payloadFor(org)), 403, 2007);
          expectRefused(await w.client.put(org, `${base}/${org.id.toUpperCase()}/x`, payloadFor(org)), 403, 2007);
        }
        expect((await w.client.put(w.site, `${base}/${w.site.id}`, payloadFor(w.site))).status).toBe(201);
        expect((await w.client.post(w.site, `${base}/${w.site.id}`, payloadFor(w.site))).status).toBe(201);
        expect((await w.client.post(w.sirb, `${base}/${w.sirb.id}`, payloadFor(w.sirb))).status).toBe(201);
      },
    );

    it('a non-member still learns nothing: 404 before the reserved-path rule', async () => {
      expectRefused(await w.client.put(w.site2, `${c}/items/study`, payloadFor(w.site2)), 404, 1015);
    });
  });

  describe('a disabled organization', () => {
    it('cannot be given access (1019): container grant, item grant and item key update; revoking still works', async () => {
      const study = (await w.client.post(w.sirb, '/containers', {})).json().url as string;
      expect((await w.client.post(w.sirb, `${study}/organizations`, { organizationId: w.site2.id })).status).toBe(200);
      await w.client.put(w.sirb, `${study}/items/a`, payloadFor(w.sirb));
      await w.client.put(w.sirb, `${study}/items/b`, payloadFor(w.sirb));
      expect(
        (await w.client.post(w.sirb, `${study}/permissions/a`, { organizationId: w.site2.id, key: 'AAAA' })).status,
      ).toBe(200);
      expect((await w.client.put(w.admin, `/organizations/${w.site2.id}`, { isDisabled: true })).status).toBe(200);
      try {
        expectRefused(await w.client.post(w.sirb, `${study}/organizations`, { organizationId: w.site2.id }), 409, 1019);
        expectRefused(
          await w.client.post(w.sirb, `${study}/permissions/b`, { organizationId: w.site2.id, key: 'AAAA' }),
          409,
          1019,
        );
        expectRefused(
          await w.client.put(w.sirb, `${study}/permissions/a`, { organizationId: w.site2.id, key: 'BBBB' }),
          409,
          1019,
        );
        // never a member of this one, and disabled from the start: 1019 too
        expectRefused(await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.disabled.id }), 409, 1019);
        const b = (await w.client.get(w.sirb, `${study}/permissions/b`)).json() as { id: string }[];
        expect(b.map((o) => o.id)).toEqual([w.sirb.id]);
        const revoked = await w.client.delete(w.sirb, `${study}/permissions/a`, { organizationId: w.site2.id });
        expect(revoked.status, revoked.text).toBe(200);
        expect((await w.client.delete(w.sirb, `${study}/organizations`, { organizationId: w.site2.id })).status).toBe(
          200,
        );
      } finally {
        expect((await w.client.put(w.admin, `/organizations/${w.site2.id}`, { isDisabled: false })).status).toBe(200);
      }
      expect((await w.client.post(w.sirb, `${study}/organizations`, { organizationId: w.site2.id })).status).toBe(200);
    });
  });

  describe('administrators', () => {
    it('the last enabled administrator cannot be disabled (1020); another organization can', async () => {
      expectRefused(await w.client.put(w.admin, `/organizations/${w.admin.id}`, { isDisabled: true }), 409, 1020);
      expect((await w.client.get(w.admin, '/ping/site')).status).toBe(200);
      expect((await w.client.put(w.admin, `/organizations/${w.site2.id}`, { isDisabled: true })).status).toBe(200);
      expect((await w.client.put(w.admin, `/organizations/${w.site2.id}`, { isDisabled: false })).status).toBe(200);
      // asking an enabled administrator to stay enabled is no change
      expect((await w.client.put(w.admin, `/organizations/${w.admin.id}`, { isDisabled: false })).status).toBe(200);
    });

    it('of two administrators one may disable the other, and then not itself', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'exchange-admins-'));
      const store = await freshStore(storeKind, dir);
      const ca = createCertificateAuthority('Admins CA', 2048);
      const registry = await openStore(store, () => undefined);
      const admins: TestOrg[] = [];
      for (const name of ['First Admin', 'Second Admin']) {
        const identity = issueIdentity(name, { ca, bits: 2048 });
        const org = await registerInStore(registry.store, {
          name,
          isAdmin: true,
          certificatePem: identity.certificatePem,
        });
        admins.push({ id: org.id, keyPem: identity.privateKeyPem });
      }
      await registry.store.close();
      registry.release();
      const server = await startExchange({ ...store, log: () => undefined });
      try {
        const client = new SignedClient(server.port);
        const [first, second] = admins as [TestOrg, TestOrg];
        expect((await client.put(first, `/organizations/${second.id}`, { isDisabled: true })).status).toBe(200);
        expectRefused(await client.put(first, `/organizations/${first.id}`, { isDisabled: true }), 409, 1020);
        expect((await client.put(first, `/organizations/${second.id}`, { isDisabled: false })).status).toBe(200);
        expect((await client.put(second, `/organizations/${first.id}`, { isDisabled: true })).status).toBe(200);
        expect((await client.put(second, `/organizations/${first.id}`, { isDisabled: false })).status).toBe(200);
        // at once, each the other: the store decides in turn, and one of them stays
        for (let round = 0; round < 5; round++) {
          const both = await Promise.all([
            client.put(first, `/organizations/${second.id}`, { isDisabled: true }),
            client.put(second, `/organizations/${first.id}`, { isDisabled: true }),
          ]);
          // the loser is refused by the store (1020), or already disabled when it is authenticated (2006)
          const answers: number[] = both.map((r) => (r.status === 200 ? 200 : r.json().code)).sort((a, b) => a - b);
          expect(
            answers.filter((a) => a === 200),
            both.map((r) => r.text).join(' | '),
          ).toHaveLength(1);
          expect([1020, 2006]).toContain(answers[1]);
          const enabled = both[0]!.status === 200 ? first : second;
          const disabled = enabled === first ? second : first;
          expect((await client.put(enabled, `/organizations/${disabled.id}`, { isDisabled: false })).status).toBe(200);
        }
      } finally {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
