// The role × endpoint × ownership matrix: for every endpoint, what Anonymous, a
// collaborating pSite, a non-collaborating pSite, the owning sIRB, another sIRB, a disabled
// organization and the Admin get. The rows are shared with reliability/authorization.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callRow,
  CALLERS,
  deleteRow,
  endpointRows,
  expectedCode,
  expectedStatus,
  type Row,
} from '../test-support/role-table.js';
import { STORES } from '../test-support/stores.js';
import { createWorld, payloadFor, studyWithSite, type World } from '../test-support/world.js';

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
    c = await studyWithSite(w);
    const p = payloadFor(w.sirb);
    await w.client.put(w.sirb, `${c}/items/m/x`, p);
    await w.client.post(w.sirb, `${c}/permissions/m/x`, { organizationId: w.site.id, key: p.key });
  });
  afterAll(async () => {
    await w.close();
  });

  const table = (): { w: World; c: string } => ({ w, c });
  const rows: Row[] = [...endpointRows(table), deleteRow(table)];

  describe('role × endpoint × ownership', () => {
    it.each(rows)('$method $name', async (row) => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const k of CALLERS) {
        const r = await callRow(w, row, k);
        got[k] = r.status;
        want[k] = expectedStatus(row, k);
        if (r.status >= 400) expect(r.json().code, `${k}: ${r.text}`).toBe(expectedCode(k, r));
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
