// Collaborators' new certificates through main's handlers and a real session: the sIRB's app
// sees the site's new certificate with the grants still on the old one, re-wraps them in one
// call, and then has nothing left to re-wrap.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { renew } from '../../services/test-support/renewal.js';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { writeRecord } from '../../services/transfers/records.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../profiles/session.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { CertificateWatch, changeView, collaboratorsOf } from './certificate-watch.js';
import { OneAtATime } from '../../services/one-at-a-time.js';
import type { MemoryPins } from '../../../shared/trust/pins.js';
import { acceptCertificate } from './decisions.js';
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
    const dataDir = join(dir, 'sirb-data');
    const fileChanges = new OneAtATime();
    const progress: EventPayloads['certificates.rewrapProgress'][] = [];
    const changed: EventPayloads['certificates.changed'][] = [];
    const certificates = new CertificateWatch({
      check: async () => {
        const { changes, expiring } = await collaboratorsOf(sirb, dataDir, fileChanges).scan();
        return { changes: changes.map(changeView), expiring };
      },
      emit: (_e, payload) => changed.push(payload),
      activeProfileId: () => sirb.profile.id,
    });
    const activity: Record<string, unknown>[] = [];
    const handlers = certificateHandlers({
      session: async () => sirb,
      options: { dataDir },
      fileChanges,
      certificates,
      record: async (entry: Record<string, unknown>) => void activity.push(entry),
      emit: (event: string, payload: EventPayloads['certificates.rewrapProgress']) => {
        if (event === 'certificates.rewrapProgress') progress.push(payload);
      },
    } as unknown as AppContext);
    const studies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = (await sirb.client.createContainer()).id;
      await sirb.client.grantContainerAccess(id, fx.site.org.id);
      studies.push(id);
      for (const p of ['a', 'b']) {
        await writeRecord(sirb.client, sirb.keys, id, p, {
          header: { type: 'note', name: `Note ${p}` },
          content: { p },
        });
        await sirb.sharing.grant(id, p, fx.site.org.id);
      }
    }
    expect(await handlers['certificates.changes']({})).toEqual({ changes: [], expiring: [] });
    const renewed = await renew(fx, fx.site);
    // The last check's answer is kept until a fresh one is asked for (or the schedule runs).
    expect((await handlers['certificates.changes']({})).changes).toEqual([]);
    // A renewal is a decision first: nothing re-wrapped before the new certificate is accepted.
    const asked = (await handlers['certificates.changes']({ fresh: true })).changes;
    expect(asked[0]?.decision?.offered.subject).toBe('CN=Site Hospital');
    await expect(handlers['certificates.rewrap']({ organizationId: fx.site.org.id })).rejects.toThrow(
      /until you accept the new certificate/,
    );
    await acceptCertificate(sirb.sharing, sirb.sharing.pins as MemoryPins, fx.site.org.id);
    const before = progress.length;
    const { changes } = await handlers['certificates.changes']({ fresh: true });
    expect(changed.at(-1)).toMatchObject({ profileId: sirb.profile.id, changes });
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
    // Each result names its document (from the header: a path is an id).
    expect(result.results.map((r) => r.name).sort()).toEqual(['Note a', 'Note a', 'Note b', 'Note b']);
    expect(result.thumbprint).toBe((await renewed.client.getOrganization(fx.site.org.id)).thumbprint);
    expect(progress.slice(before).map((p) => `${p.done}/${p.total} ${p.item.ok}`)).toEqual([
      '1/4 true',
      '2/4 true',
      '3/4 true',
      '4/4 true',
    ]);
    expect(progress.every((p) => p.organizationId === fx.site.org.id && p.profileId === sirb.profile.id)).toBe(true);
    // Each grant is in the activity log as an access update for the site (after the refusal).
    expect(activity).toHaveLength(5);
    expect(activity).toContainEqual({
      action: 'update',
      ok: true,
      study: studies[0],
      item: 'Note a',
      organization: 'Site Hospital',
      detail: 'shared again for its new certificate',
    });
    // The re-wrap's end checks again by itself: the window's notice goes away.
    await expect.poll(() => changed.at(-1)?.changes).toEqual([]);
    expect((await handlers['certificates.changes']({})).changes).toEqual([]);

    // A new certificate that fails the check: nothing re-wrapped, no progress, the refusal logged.
    await fx.admin.client.putCertificate(fx.site.org.id, issueIdentity('Site Hospital').certificatePem);
    const already = progress.length;
    await expect(handlers['certificates.rewrap']({ organizationId: fx.site.org.id })).rejects.toThrow(
      /not issued by a certificate authority this profile trusts/,
    );
    expect(progress).toHaveLength(already);
    expect(activity.at(-1)).toMatchObject({
      action: 'update',
      ok: false,
      organization: 'Site Hospital',
      detail: expect.stringMatching(/^nothing shared again: .*not issued by a certificate authority/),
    });
  });
});
