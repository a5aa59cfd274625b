// protocol.md §2 "The query as signed": the route reads the query exactly as the signature covered
// it. `+` is a plus, `%20` a space, a repeated parameter is refused, and rewriting `%2B`
// into `+` under a valid signature changes nothing the server does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../shared/types.js';
import { STORES } from '../test-support/stores.js';
import { createWorld, payloadFor, studyWithSite, type World } from '../test-support/world.js';

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;

  beforeAll(async () => {
    w = await createWorld({ storeKind });
    for (const name of ['Plus X Site', 'Plus+X Site'])
      expect((await w.client.post(w.admin, '/organizations', { name })).status).toBe(201);
    c = await studyWithSite(w);
    await w.client.put(w.sirb, `${c}/items/by-sirb`, payloadFor(w.sirb));
    const bySite = payloadFor(w.site);
    await w.client.put(w.site, `${c}/items/by-site`, bySite);
    // sealed for the site only, but the listing shows it (the key is not opened here)
    await w.client.post(w.site, `${c}/permissions/by-site`, { organizationId: w.sirb.id, key: bySite.key });
  });
  afterAll(async () => {
    await w.close();
  });

  const names = (orgs: Organization[]): string[] => orgs.map((o) => o.name).sort();

  describe('the query a route reads is the query that was signed', () => {
    it('`+` is a plus sign and `%20` a space', async () => {
      const plus = await w.client.get(w.sirb, '/organizations?name=Plus+X');
      expect(plus.status, plus.text).toBe(200);
      expect(names(plus.json())).toEqual(['Plus+X Site']);
      expect(names((await w.client.get(w.sirb, '/organizations?name=Plus%2BX')).json())).toEqual(['Plus+X Site']);
      expect(names((await w.client.get(w.sirb, '/organizations?name=Plus%20X')).json())).toEqual(['Plus X Site']);
    });

    it('a man in the middle who rewrites %2B into + under a valid signature changes nothing', async () => {
      const r = await w.client.get(w.sirb, '/organizations?name=Plus%2BX', {
        tamper: (t) => (t.path = '/organizations?name=Plus+X'),
      });
      expect(r.status, r.text).toBe(200);
      expect(names(r.json())).toEqual(['Plus+X Site']);
    });

    it('a since with a literal + offset is read as the offset', async () => {
      const r = await w.client.get(w.sirb, `${c}/items?since=2000-01-01T00:00:00.000+00:00`);
      expect(r.status, r.text).toBe(200);
      expect(r.json().map((i: { id: string }) => i.id)).toEqual(['by-sirb', 'by-site']);
    });

    it('a parameter given twice is refused (1009) in either order', async () => {
      for (const q of [
        `owner=${w.sirb.id}&owner=${w.site.id}`,
        `owner=${w.site.id}&owner=${w.sirb.id}`,
        'name=a&name=a',
        'name&name=',
      ]) {
        const r = await w.client.get(w.sirb, q.startsWith('owner') ? `${c}/items?${q}` : `/organizations?${q}`);
        expect(r.status, q).toBe(400);
        expect(r.json().code, q).toBe(1009);
      }
    });

    it('the owner filter reads the one owner given', async () => {
      const r = await w.client.get(w.sirb, `${c}/items?owner=${w.site.id}`);
      expect(r.json().map((i: { id: string }) => i.id)).toEqual(['by-site']);
    });

    it('bytes that are not UTF-8 are refused (1009), not read as U+FFFD', async () => {
      const r = await w.client.get(w.sirb, '/organizations?name=%FF');
      expect(r.status).toBe(400);
      expect(r.json().code).toBe(1009);
    });

    it('since is read strictly: an impossible date or a date-time without an offset is 1009', async () => {
      for (const since of ['2000-02-30', '2026-11-21T10:33:34', '2026-11-21T24:00:00Z', '2026-11-21T10:33:34+25:00']) {
        const r = await w.client.get(w.sirb, `${c}/items?since=${encodeURIComponent(since)}`);
        expect(r.status, since).toBe(400);
        expect(r.json().code, since).toBe(1009);
      }
      const day = await w.client.get(w.sirb, `${c}/items?since=2000-02-29`);
      expect(day.status, day.text).toBe(200);
      expect(day.json()).toHaveLength(2);
      expect((await w.client.get(w.sirb, `${c}/items?since=9999-12-31T23:59:59Z`)).json()).toEqual([]);
    });
  });
});
