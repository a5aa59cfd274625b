// Sign-off requests in Changes and notifications, through main's real refresh against the
// reference exchange: the site's refresh finds the sIRB's request and shows it in Changes (the
// document's path, its name, who asked, by when) and notifies once through the notification
// settings (names hidden: the count only; off: none, the entry stays). A request that asks another
// organization, and one answered already, are not news. One outstanding when a study is first
// listed (the profile's first run, or a study just shared) is in Changes once, without a
// notification, and not again on later refreshes nor after a restart (the seen state).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/ipc/views.js';
import { writeRequest, writeSignOff } from '../../services/signoffs/signoff-writer.js';
import { startFixture, type ExchangeFixture, type FixtureOrg } from '../../services/test-support/exchange-fixture.js';
import type { DesktopNotification } from '../whats-new/wording.js';
import type { Session } from '../profiles/session.js';
import { RequestNews } from './request-news.js';
import { signOffsState } from './signoff-handlers.js';
import { sharedDocument, signerOf, signOffSession } from './test-support/signoff-sessions.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;
let site: Session;
let settings: Pick<Settings, 'notifications' | 'notificationsHideNames'>;
const sent: DesktopNotification[] = [];

async function sessionOf(o: FixtureOrg, news?: RequestNews, file?: string): Promise<Session> {
  const watch = { ...(news ? { recordNews: { requests: news.hook(() => true) } } : {}), ...(file ? { file } : {}) };
  return (await signOffSession(fx, o, join(dir, o.org.id), { watch })).session;
}

let news: RequestNews;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'request-news-'));
  news = new RequestNews({
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

/** A study shared with the site (not listed by it yet), with a document of the sIRB's shared with it. */
const newStudy = (name: string) => sharedDocument(sirb, fx.site.org.id, name, dir);

/** A study the site already listed once, with a document of the sIRB's shared with it. */
async function sharedStudy(name: string): Promise<{ containerId: string; itemPath: string }> {
  const study = await newStudy(name);
  await site.watch.refresh(); // its first listing: no document in it is news
  return study;
}

/** A study whose document the sIRB asks the site to acknowledge before the site ever lists it. */
async function studyWithRequest(name: string): Promise<{ containerId: string; itemPath: string }> {
  const study = await newStudy(name);
  await writeRequest(sirb, study.containerId, study.itemPath, {
    meaning: 'acknowledged',
    organizationIds: [fx.site.org.id],
    dueOn: '2099-06-30',
  });
  return study;
}

const requestsIn = async (containerId: string, s = site) =>
  (await s.watch.changes(containerId)).filter((c) => c.kind === 'signoff-requested');

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
    await writeSignOff(site, signerOf(fx.site, site), containerId, itemPath, {
      meaning: 'acknowledged',
      signer: { name: 'Ana Ruiz' },
      shareWith: 'owner',
    });
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

  it('a study just shared: its outstanding request is in Changes at its first listing, once, not notified', async () => {
    settings = { notifications: true, notificationsHideNames: false };
    const { containerId, itemPath } = await studyWithRequest('Delegation log');
    sent.length = 0;
    await site.watch.refresh(); // the site has listed before: this study was just shared with it
    const expected = {
      itemPath,
      name: 'Delegation log.pdf',
      kind: 'signoff-requested',
      byId: fx.sirb.org.id,
      byName: fx.sirb.org.name,
      dueOn: '2099-06-30',
    };
    expect(await requestsIn(containerId)).toMatchObject([expected]);
    await site.watch.refresh();
    expect(await requestsIn(containerId)).toMatchObject([expected]);
    // the study's arrival is the notifier's to tell; the request adds none
    expect(sent).toEqual([]);
  }, 60_000);

  it('a profile’s first run: outstanding requests are in Changes once, also after a restart; answered ones are not', async () => {
    settings = { notifications: true, notificationsHideNames: false };
    const outstanding = await studyWithRequest('Training log');
    const answered = await studyWithRequest('Pharmacy manual');
    await writeSignOff(site, signerOf(fx.site, site), answered.containerId, answered.itemPath, {
      meaning: 'acknowledged',
      signer: { name: 'Ana Ruiz' },
      shareWith: 'owner',
    });
    sent.length = 0;
    const file = join(dir, 'first-run-seen.json');
    const first = await sessionOf(fx.site, news, file);
    try {
      await first.watch.refresh(); // this profile's first listing of every study
      expect(await requestsIn(outstanding.containerId, first)).toMatchObject([
        { itemPath: outstanding.itemPath, name: 'Training log.pdf', dueOn: '2099-06-30' },
      ]);
      expect(await requestsIn(answered.containerId, first)).toEqual([]);
      await first.watch.refresh();
      expect(await requestsIn(outstanding.containerId, first)).toHaveLength(1);
      await first.watch.flush();
    } finally {
      first.close();
    }
    const restarted = await sessionOf(fx.site, news, file);
    try {
      await restarted.watch.refresh(); // what the file remembers: nothing new
      expect(await requestsIn(outstanding.containerId, restarted)).toMatchObject([
        { itemPath: outstanding.itemPath, name: 'Training log.pdf' },
      ]);
    } finally {
      restarted.close();
    }
    expect(sent).toEqual([]);
  }, 90_000);
});
