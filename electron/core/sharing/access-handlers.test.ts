// "Share with everyone in this study" through main's real handler against the reference exchange:
// a collaborator an administrator disabled is passed over (reported as 1019, not sent), the others
// are granted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../profiles/session.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import { accessHandlers } from './access-handlers.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;
const notified: string[] = [];
const recorded: { action: string; ok: boolean; organization?: string }[] = [];

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'access-handlers-'));
  sirb = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'), fx.url, [fx.ca.certificatePem]);
}, 60_000);

afterAll(async () => {
  sirb?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('access.shareWithStudy', () => {
  it('skips a disabled collaborator (reported as 1019) and grants the others', async () => {
    const ctx = {
      session: async () => sirb,
      settings: { get: async () => ({ notifications: true, notificationsHideNames: false }) },
      options: { platform: { notify: (title: string) => notified.push(title) } },
      record: async (entry: { action: string; ok: boolean; organization?: string }) => void recorded.push(entry),
    } as unknown as AppContext;
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    await sirb.client.grantContainerAccess(containerId, fx.admin.org.id);
    const file = join(dir, 'consent.txt');
    await writeFile(file, 'consent');
    const itemPath = newDocumentPath('documents');
    await uploadDocument({
      client: sirb.client,
      containerId,
      path: itemPath,
      file,
      name: 'Consent form',
      wrapForSelf: sirb.keys.wrapForSelf,
    });
    // An administrator disables the site after it joined the study.
    await fx.clientFor(fx.admin).updateOrganization(fx.site.org.id, { isDisabled: true });

    const results = await accessHandlers(ctx)['access.shareWithStudy']({ containerId, itemPaths: [itemPath] });
    expect(results).toHaveLength(2);
    expect(results.find((r) => r.organizationId === fx.admin.org.id)).toEqual({
      itemPath,
      organizationId: fx.admin.org.id,
      ok: true,
    });
    const skipped = results.find((r) => r.organizationId === fx.site.org.id);
    expect(skipped).toMatchObject({
      itemPath,
      ok: false,
      error: { code: 1019, status: 409, message: 'The organization is disabled.' },
    });
    expect(skipped?.error?.explanation).toMatch(/disabled/);
    // Not sent: the exchange was not asked, so no refused grant is in the activity log or a notice.
    expect(skipped?.error?.details).toBe('Skipped: a disabled organization cannot be given access.');
    expect(recorded.map((r) => [r.action, r.ok])).toEqual([['grant', true]]);
    expect(notified).toEqual([]);
    const access = (await sirb.client.getItemAccess(containerId, itemPath)).map((o) => o.id);
    expect(access).toContain(fx.admin.org.id);
    expect(access).not.toContain(fx.site.org.id);
    // Asked again, the granted one is not repeated; the disabled one is still reported.
    const again = await accessHandlers(ctx)['access.shareWithStudy']({ containerId, itemPaths: [itemPath] });
    expect(again.map((r) => [r.organizationId, r.ok])).toEqual([[fx.site.org.id, false]]);
  });
});

describe('bulk access results', () => {
  it('are notified through the notification settings: off, names hidden, names shown', async () => {
    const notes: { title: string; body: string }[] = [];
    let settings = { notifications: false, notificationsHideNames: false };
    const ctx = {
      session: async () => sirb,
      settings: { get: async () => settings },
      options: { platform: { notify: (title: string, body: string) => void notes.push({ title, body }) } },
      record: async () => undefined,
    } as unknown as AppContext;
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.admin.org.id);
    await sirb.studies.save(containerId, { title: 'Secret Study Name' });
    const file = join(dir, 'brochure.txt');
    await writeFile(file, 'brochure');
    const itemPaths = [newDocumentPath('documents'), newDocumentPath('documents')];
    for (const path of itemPaths)
      await uploadDocument({
        client: sirb.client,
        containerId,
        path,
        file,
        name: 'B',
        wrapForSelf: sirb.keys.wrapForSelf,
      });
    const bulk = (op: 'access.grant' | 'access.update') =>
      accessHandlers(ctx)[op]({ containerId, itemPaths, organizationIds: [fx.admin.org.id] });

    expect((await bulk('access.grant')).every((r) => r.ok)).toBe(true);
    expect(notes).toEqual([]);
    settings = { notifications: true, notificationsHideNames: true };
    await bulk('access.update');
    // said as what happened to whom, and with names hidden without any name
    expect(notes).toEqual([{ title: 'Shared again with 1 organization', body: '2 documents.' }]);
    settings = { notifications: true, notificationsHideNames: false };
    await bulk('access.update');
    expect(notes.at(-1)).toEqual({
      title: `Shared again with ${fx.admin.org.name}`,
      body: '2 documents in “Secret Study Name”.',
    });
  });
});
