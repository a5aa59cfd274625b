// Sign-off requests in Changes and notifications, through main's real refresh against the
// reference exchange: the site's refresh finds the sIRB's request and shows it in Changes (the
// document's path, its name, who asked, by when) and notifies once through the notification
// settings (names hidden: the count only; off: none, the entry stays). A request that asks another
// organization, and one answered already, are not news.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/ipc/views.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { writeRequest, writeSignOff } from '../../services/signoffs/signoff-writer.js';
import { startFixture, type ExchangeFixture, type FixtureOrg } from '../../services/test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import type { DesktopNotification } from '../notify/wording.js';
import { openSession, type Session } from '../profiles/session.js';
import { RequestNews } from './request-news.js';
import { signOffsState } from './signoff-handlers.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;
let site: Session;
let settings: Pick<Settings, 'notifications' | 'notificationsHideNames'>;
const sent: DesktopNotification[] = [];

async function sessionOf(o: FixtureOrg, news?: RequestNews): Promise<Session> {
  const vault = new KeyVault(join(dir, o.org.id), new PassphraseSecretBox('test', { log2N: 14 }));
  const { keyRef } = await vault.importPem(o.identity.privateKeyPem, o.identity.certificatePem);
  const now = new Date().toISOString();
  const profile = {
    id: randomBytes(16).toString('hex'),
    name: o.org.name,
    environment: 'test' as const,
    baseUrl: fx.url,
    organizationId: o.org.id,
    roleHints: { sirb: o.org.isSirb },
    keyRef,
    createdAt: now,
    updatedAt: now,
  };
  return openSession(profile, vault, 'test', () => {}, [fx.ca.certificatePem], {
    ...(news ? { recordNews: news.hook(() => true) } : {}),
  });
}

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'request-news-'));
  const news = new RequestNews({
    state: signOffsState(),
    settings: async () => settings,
    sink: (n) => sent.push(n),
  });
  sirb = await sessionOf(fx.sirb);
  site = await sessionOf(fx.site, news);
}, 60_000);

afterAll(async () => {
  sirb?.close();
  site?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A study the site already listed once, with a document of the sIRB's shared with it. */
async function sharedStudy(name: string): Promise<{ containerId: string; itemPath: string }> {
  const containerId = (await sirb.client.createContainer()).id;
  await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, name);
  const itemPath = newDocumentPath('consent');
  await uploadDocument({
    client: sirb.client,
    containerId,
    path: itemPath,
    file,
    name,
    wrapForSelf: sirb.keys.wrapForSelf,
  });
  await sirb.sharing.grant(containerId, itemPath, fx.site.org.id);
  await site.watch.refresh(); // its first listing: nothing in it is news
  return { containerId, itemPath };
}

const requestsIn = async (containerId: string) =>
  (await site.watch.changes(containerId)).filter((c) => c.kind === 'signoff-requested');

describe('sign-off requests as news', () => {
  it('shows in Changes with document, due date and requester, and notifies once', async () => {
    settings = { notifications: true, notificationsHideNames: false };
    const { containerId, itemPath } = await sharedStudy('Consent form');
    sent.length = 0;
    await writeRequest(sirb, containerId, itemPath, {
      meaning: 'acknowledged',
      organizationIds: [fx.site.org.id],
      dueOn: '2099-12-31',
    });
    await site.watch.refresh();
    expect(await requestsIn(containerId)).toMatchObject([
      {
        itemPath,
        name: 'Consent form.pdf',
        byId: fx.sirb.org.id,
        byName: fx.sirb.org.name,
        dueOn: '2099-12-31',
        unseen: false,
      },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: expect.stringMatching(/^Sign-off requested in /),
      body: `Consent form.pdf by 2099-12-31, from ${fx.sirb.org.name}`,
      containerId,
      itemPaths: [itemPath],
    });
    // a refresh that finds nothing new tells nothing again
    await site.watch.refresh();
    expect(sent).toHaveLength(1);
    expect(await requestsIn(containerId)).toHaveLength(1);
  }, 60_000);

  it('names hidden: the count only; notifications off: none, and Changes still has it', async () => {
    const { containerId, itemPath } = await sharedStudy('Protocol');
    settings = { notifications: true, notificationsHideNames: true };
    sent.length = 0;
    await writeRequest(sirb, containerId, itemPath, { meaning: 'reviewed', organizationIds: [fx.site.org.id] });
    await site.watch.refresh();
    expect(sent).toEqual([{ title: 'Sign-off requested', body: '', containerId, itemPaths: [itemPath] }]);

    settings = { notifications: false, notificationsHideNames: false };
    await writeRequest(sirb, containerId, itemPath, { meaning: 'approved', organizationIds: [fx.site.org.id] });
    await site.watch.refresh();
    expect(sent).toHaveLength(1);
    expect((await requestsIn(containerId)).map((c) => c.itemPath)).toEqual([itemPath, itemPath]);
  }, 60_000);

  it('a request of another organization, or one already answered, is not news', async () => {
    settings = { notifications: true, notificationsHideNames: false };
    const { containerId, itemPath } = await sharedStudy('Amendment');
    sent.length = 0;
    // the site has already acknowledged this version
    await writeSignOff(
      site,
      { sign: keySigner(fx.site.identity.privateKeyPem), thumbprint: site.keys.certificate!.thumbprint },
      containerId,
      itemPath,
      { meaning: 'acknowledged', signer: { name: 'Ana Ruiz' }, shareWith: 'owner' },
    );
    await writeRequest(sirb, containerId, itemPath, { meaning: 'acknowledged', organizationIds: [fx.site.org.id] });
    // asked of the sIRB's admin only: the site can read it (granted below) but it does not ask the site
    const other = await writeRequest(sirb, containerId, itemPath, {
      meaning: 'reviewed',
      organizationIds: [fx.admin.org.id],
    });
    await sirb.sharing.grant(containerId, other.item.id, fx.site.org.id);
    await site.watch.refresh();
    expect(await requestsIn(containerId)).toEqual([]);
    expect(sent).toEqual([]);
  }, 60_000);
});
