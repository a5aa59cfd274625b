// Collaborators' new certificates through main's handlers and a real session: the sIRB's app
// sees the site's new certificate with the grants still on the old one, re-wraps them in one
// call, and then has nothing left to re-wrap.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { renew } from '../../services/test-support/renewal.js';
import { writeRecord } from '../../services/transfers/records.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../session.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import { certificateHandlers } from './certificate-handlers.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'certificate-handlers-'));
  sirb = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'), fx.url, [fx.ca.certificatePem]);
}, 60_000);
afterAll(async () => {
  sirb?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('certificates.changes and certificates.rewrap', () => {
  it('show the site\u2019s new certificate with the grants still on the old one, and re-wrap them', async () => {
    const handlers = certificateHandlers({
      session: async () => sirb,
      options: { dataDir: join(dir, 'sirb-data') },
    } as unknown as AppContext);
    const studies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = (await sirb.client.createContainer()).id;
      await sirb.client.grantContainerAccess(id, fx.site.org.id);
      studies.push(id);
      for (const p of ['a', 'b']) {
        await writeRecord(sirb.client, sirb.keys, id, p, { header: { type: 'note' }, content: { p } });
        await sirb.sharing.grant(id, p, fx.site.org.id);
      }
    }
    expect(await handlers['certificates.changes']({})).toEqual({ changes: [], expiring: [] });
    const renewed = await renew(fx, fx.site);
    const { changes } = await handlers['certificates.changes']({});
    expect(changes).toEqual([
      expect.objectContaining({
        organizationId: fx.site.org.id,
        name: 'Site Hospital',
        oldThumbprint: fx.site.org.thumbprint,
        grantCount: 4,
        studyCount: 2,
      }),
    ]);
    expect(changes[0]).not.toHaveProperty('problem');
    const result = await handlers['certificates.rewrap']({ organizationId: fx.site.org.id });
    expect(result.results).toHaveLength(4);
    expect(result.results.every((r) => r.ok)).toBe(true);
    expect(result.thumbprint).toBe((await renewed.client.getOrganization(fx.site.org.id)).thumbprint);
    expect((await handlers['certificates.changes']({})).changes).toEqual([]);
  });
});
