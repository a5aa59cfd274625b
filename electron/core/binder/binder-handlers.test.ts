// The binder through main's real handlers and sessions against the reference exchange: the
// sIRB saves its expected documents (granted to the invited site), the site uploads against an
// item (typed, granted to the sIRB), both see the computed binder, Describe… keeps the content,
// a checklist over 1 MiB is shown safely, and the day's expiry notice follows an injected clock.
// An item asking for a sign-off is "signed off" by the owner's valid sign-off of the current version.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/binder/calendar-date.js';
import { CHECKLIST_TEMPLATES } from '../../../shared/binder/templates.js';
import type { Settings } from '../../../shared/ipc/views.js';
import { CHECKLIST_PATH } from '../../../shared/reserved-paths.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import { readRecord, writeRecord } from '../../services/transfers/records.js';
import { writeSignOff } from '../../services/signoffs/signoff-writer.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../profiles/session.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import { binderHandlers } from './binder-handlers.js';
import { ExpiryNotices } from './expiry-notices.js';
import { uploadAgainstChecklist } from './upload-describe.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;
let site: Session;
const TODAY = '2026-05-04';
const settings: Settings = {
  theme: 'system',
  transferConcurrency: 2,
  shareUploadsWithOwner: {},
  notifications: true,
  notificationsHideNames: false,
  expiryWarningDays: 30,
};

function ctxOf(s: Session): AppContext {
  const ctx = {
    session: async () => s,
    options: { dataDir: dir },
    record: async () => undefined,
    settings: { get: async () => settings },
    // the injected clock: 10:00 UTC on TODAY, read in UTC
    binderClock: { now: () => new Date(`${TODAY}T10:00:00Z`), timeZone: 'UTC' },
  } as unknown as AppContext;
  return ctx;
}

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'binder-handlers-'));
  sirb = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'), fx.url, [fx.ca.certificatePem]);
  site = await fixtureSession(fx, fx.site, join(dir, 'site'), fx.url, [fx.ca.certificatePem]);
}, 60_000);

afterAll(async () => {
  sirb?.close();
  site?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The site's upload as the window's drop on an expected item does it (the transfer, then afterUpload's grant). */
async function siteUpload(
  containerId: string,
  name: string,
  expectedItemId: string,
  expiresOn?: string,
  replacing?: { path: string; content: string },
) {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, replacing?.content ?? `${name} content`);
  const binder = await uploadAgainstChecklist(
    site,
    containerId,
    expiresOn ? { docType: 'cv', expiresOn } : undefined,
    expectedItemId,
  );
  const path = replacing?.path ?? newDocumentPath('documents');
  await uploadDocument({
    client: site.client,
    containerId,
    path,
    file,
    ...(binder.describe ? { header: binder.describe } : {}),
    wrapForSelf: site.keys.wrapForSelf,
  });
  if (binder.shareWithOwner) await site.sharing.shareWithOwner(containerId, path);
  return { path, binder };
}

describe('the binder in the app', () => {
  it('sIRB builds the checklist, the site uploads against it, both see the computed binder', async () => {
    const sirbCtx = ctxOf(sirb);
    const siteCtx = ctxOf(site);
    const owner = binderHandlers(sirbCtx);
    const containerId = (await sirb.client.createContainer()).id;
    expect(await owner['binder.checklist']({ containerId })).toMatchObject({ exists: false, items: [], canEdit: true });

    const reliance = CHECKLIST_TEMPLATES.find((t) => t.id === 'sirb-reliance')!;
    const items = [
      ...reliance.items.filter((i) => ['pi-cv', 'local-context'].includes(i.id)),
      {
        id: 'coi',
        title: 'COI disclosure',
        docType: 'coi-disclosure',
        from: 'each-site' as const,
        dueOn: addDays(TODAY, -1),
      },
    ];
    const saved = await owner['binder.setChecklist']({ containerId, items });
    expect(saved).toMatchObject({ exists: true, canEdit: true, problems: [] });
    expect(saved.items.map((i) => i.id)).toEqual(['local-context', 'pi-cv', 'coi']);

    // inviting the site gives it the checklist (like the study record)
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    await sirb.studies.grantTo(containerId, fx.site.org.id);
    const mine = binderHandlers(siteCtx);
    expect(await mine['binder.checklist']({ containerId })).toMatchObject({
      exists: true,
      canEdit: false,
      items: saved.items,
    });
    await expect(mine['binder.setChecklist']({ containerId, items: [] })).rejects.toMatchObject({
      code: 'not-study-owner',
    });

    // the site drops its PI's CV on the missing item, with an expiry in 20 days
    const { path, binder } = await siteUpload(containerId, 'PI CV', 'pi-cv', addDays(TODAY, 20));
    expect(binder).toEqual({ describe: { docType: 'cv', expiresOn: addDays(TODAY, 20) }, shareWithOwner: true });
    expect((await site.client.getItemAccess(containerId, path)).map((o) => o.id)).toContain(fx.sirb.org.id);

    const seenBySite = await mine['binder.status']({ containerId });
    expect(seenBySite.organizations.map((o) => o.id)).toEqual([fx.site.org.id]);
    const ownerView = await owner['binder.status']({ containerId });
    expect(ownerView).toMatchObject({ ownedByMe: true, today: TODAY, warningDays: 30 });
    const cell = (itemId: string) =>
      ownerView.cells.find((c) => c.itemId === itemId && c.organizationId === fx.site.org.id);
    expect(cell('pi-cv')).toMatchObject({ status: 'expiring', daysLeft: 20, document: { path, name: 'PI CV.pdf' } });
    expect(cell('local-context')).toMatchObject({ status: 'missing' });
    expect(cell('coi')).toMatchObject({ status: 'overdue', dueOn: addDays(TODAY, -1) });
    expect(ownerView.organizationSummaries.find((s) => s.key === fx.site.org.id)).toMatchObject({
      expected: 3,
      fulfilled: 1,
    });
    expect(seenBySite.cells).toEqual(ownerView.cells);

    const { csv } = await owner['binder.statusCsv']({ containerId });
    expect(csv.split('\r\n')[0]).toBe(
      'Organization,Expected item,Type,Status,Status in words,Person,Document,Expires,Updated,Due',
    );
    expect(csv).toContain('Expiring in 20 days');

    // the sIRB's expiring view and the day's notice, once that day
    const expiring = await owner['binder.expiring']({});
    expect(expiring.documents.filter((d) => d.containerId === containerId)).toMatchObject([
      { path, daysLeft: 20, expired: false, typeName: 'Curriculum vitae', ownerName: fx.site.org.name },
    ]);
    const sent: unknown[] = [];
    const notices = new ExpiryNotices({
      settings: async () => settings,
      sink: (n) => sent.push(n),
      today: () => TODAY,
    });
    await sirb.watch.fresh(0);
    const told = await notices.check(sirb);
    expect(told?.body).toMatch(new RegExp(`^${fx.site.org.name}\u2019s Curriculum vitae expires in 20 days`));
    expect(await notices.check(sirb)).toBeUndefined();
    expect(sent).toHaveLength(1);
    const offNotices = new ExpiryNotices({
      settings: async () => ({ ...settings, notifications: false }),
      sink: (n) => sent.push(n),
      today: () => TODAY,
    });
    expect(await offNotices.check(sirb)).toBeUndefined();
  }, 60_000);

  it('Describe… changes the fields, keeps the content hash, other fields and access', async () => {
    const owner = binderHandlers(ctxOf(sirb));
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    const file = join(dir, 'licence.pdf');
    await writeFile(file, 'licence');
    const path = newDocumentPath('documents');
    const before = await uploadDocument({
      client: sirb.client,
      containerId,
      path,
      file,
      header: { vendorField: 'kept', versionLabel: 'v1' },
      wrapForSelf: sirb.keys.wrapForSelf,
    });
    await sirb.sharing.grant(containerId, path, fx.site.org.id);
    const results = await owner['binder.describe']({
      containerId,
      itemPaths: [path],
      docType: 'medical-license',
      expiresOn: '2027-06-30',
      person: { name: 'Ana Reyes' },
      versionLabel: null,
    });
    expect(results).toEqual([{ itemPath: path, ok: true }]);
    const after = await readRecord(site.client, site.keys, containerId, path);
    expect(after.item.contentHash).toBe(before.item.contentHash);
    expect(after.header).toMatchObject({
      type: 'document',
      vendorField: 'kept',
      docType: 'medical-license',
      expiresOn: '2027-06-30',
      person: { name: 'Ana Reyes' },
    });
    expect(after.header).not.toHaveProperty('versionLabel');
    // the site's document is not the sIRB's to describe
    const sitePath = newDocumentPath('documents');
    await uploadDocument({
      client: site.client,
      containerId,
      path: sitePath,
      file,
      wrapForSelf: site.keys.wrapForSelf,
    });
    await site.sharing.grant(containerId, sitePath, fx.sirb.org.id);
    const refused = await owner['binder.describe']({ containerId, itemPaths: [sitePath], docType: 'cv' });
    expect(refused[0]).toMatchObject({ ok: false, error: { code: 'not-owner' } });
  }, 60_000);

  it('a checklist over 1 MiB or not a checklist is shown safely, with why', async () => {
    const owner = binderHandlers(ctxOf(sirb));
    const containerId = (await sirb.client.createContainer()).id;
    const huge = {
      type: 'checklist',
      version: 'SX.1',
      items: [{ id: 'a', title: 'x'.repeat(1024 * 1024 + 10), docType: 'cv', from: 'owner' }],
    };
    await writeRecord(sirb.client, sirb.keys, containerId, CHECKLIST_PATH, {
      header: { type: 'checklist', version: 'SX.1', name: 'Expected documents' },
      content: huge,
    });
    expect(await owner['binder.checklist']({ containerId })).toMatchObject({
      exists: false,
      items: [],
      problems: ['The checklist is larger than 1 MiB and is ignored.'],
    });
    expect((await owner['binder.status']({ containerId })).cells).toEqual([]);
    await writeRecord(sirb.client, sirb.keys, containerId, CHECKLIST_PATH, {
      header: { type: 'study', version: 'IRBX.2' },
      content: {},
    });
    expect((await owner['binder.checklist']({ containerId })).problems).toEqual([
      'The record at "checklist" is not a checklist.',
    ]);
    // an owner's save refuses more than 1 MiB before anything is written
    const long = Array.from({ length: 500 }, (_, i) => ({
      id: `i-${i}`,
      title: 't'.repeat(200),
      docType: 'other-type-'.padEnd(64, 'x'),
      from: [fx.site.org.id, ...Array.from({ length: 100 }, (_, j) => j.toString(16).padStart(32, '0'))],
    }));
    await expect(owner['binder.setChecklist']({ containerId, items: long })).rejects.toMatchObject({
      code: 'checklist-too-large',
    });
  }, 60_000);

  it("an item asking for a sign-off is signed off by the owner's valid sign-off of the current version only", async () => {
    const owner = binderHandlers(ctxOf(sirb));
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    await owner['binder.setChecklist']({
      containerId,
      items: [{ id: 'local-context', title: 'Local context', docType: 'cv', from: 'each-site', signOff: 'approved' }],
    });
    // typed as the item asks, expiring far beyond the warning period
    const expiresOn = addDays(TODAY, 400);
    const { path } = await siteUpload(containerId, 'Local context', 'local-context', expiresOn);
    const status = async () =>
      (await owner['binder.status']({ containerId })).cells.find((c) => c.organizationId === fx.site.org.id)?.status;
    expect(await status()).toBe('received');

    const key = { sign: sirb.keys.signer, thumbprint: sirb.keys.certificate!.thumbprint };
    const signOff = (meaning: 'approved' | 'reviewed') =>
      writeSignOff(sirb, key, containerId, path, { meaning, signer: { name: 'Ana Ruiz' }, shareWith: 'everyone' });
    // another meaning is not the one asked
    await signOff('reviewed');
    expect(await status()).toBe('received');
    await signOff('approved');
    expect(await status()).toBe('signed-off');
    // the site sees its own row signed off too (the sign-off was granted to the document's owner)
    expect((await binderHandlers(ctxOf(site))['binder.status']({ containerId })).cells.map((c) => c.status)).toEqual([
      'signed-off',
    ]);

    // the site replaces it: the sign-off is of an earlier version and no longer counts
    await siteUpload(containerId, 'Local context', 'local-context', expiresOn, { path, content: 'v2' });
    await site.sharing.update(containerId, path, fx.sirb.org.id); // the new version's key, for the owner
    expect(await status()).toBe('received');
  }, 60_000);
});
