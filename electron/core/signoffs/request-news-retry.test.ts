// A sign-off request whose check fails during a refresh (the exchange stopped between the listing
// that found it and the check) is not lost: the next refresh checks it again and it is one Changes
// entry and one notification, also when the app restarts in between (the seen file keeps what is
// left to check); one found at a study's first listing stays un-notified when checked again. A
// request that is not news (it asks another organization) is handed over once, and once again at
// most when its first check failed. A document the exchange cannot serve holds up no news of a
// request of another document (the check reads only the new requests' documents).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/ipc/views.js';
import { itemPathToUrl } from '../../../shared/item-path.js';
import { NetworkError } from '../../services/exchange-errors.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import { writeRequest } from '../../services/signoffs/signoff-writer.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import type { Session } from '../profiles/session.js';
import type { DesktopNotification } from '../whats-new/wording.js';
import { RequestNews } from './request-news.js';
import { signOffsState } from './signoff-handlers.js';
import { CheckCut } from './test-support/check-cut.js';
import { sharedDocument, signOffSession } from './test-support/signoff-sessions.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;
const settings: Pick<Settings, 'notifications' | 'notificationsHideNames'> = {
  notifications: true,
  notificationsHideNames: false,
};
const sent: DesktopNotification[] = [];
const open: Session[] = [];
let cut: CheckCut;

/** The site's session with the requests hooked into its refresh (through `cut`), its seen state in `file`, listed once. */
async function siteSession(file: string): Promise<Session> {
  const news = new RequestNews({ state: signOffsState(), settings: async () => settings, sink: (n) => sent.push(n) });
  const watch = { recordNews: { requests: cut.wrap(news.hook(() => true)) }, file };
  const s = (await signOffSession(fx, fx.site, join(dir, 'site'), { watch })).session;
  open.push(s);
  return s;
}

beforeAll(async () => {
  fx = await startFixture({}, { cuttable: true });
  cut = new CheckCut(fx);
  dir = await mkdtemp(join(tmpdir(), 'request-news-retry-'));
  sirb = (await signOffSession(fx, fx.sirb, join(dir, 'sirb'))).session;
}, 60_000);

afterEach(() => cut.clear());

afterAll(async () => {
  for (const s of [sirb, ...open]) s?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

const requestsIn = async (s: Session, containerId: string) =>
  (await s.watch.changes(containerId)).filter((c) => c.kind === 'signoff-requested');

/** A study of the sIRB's shared with the site, with a document shared with it, listed by `site` once. */
async function sharedStudy(site: Session, name: string): Promise<{ containerId: string; itemPath: string }> {
  const study = await sharedDocument(sirb, fx.site.org.id, name, dir);
  await site.watch.refresh(study.containerId);
  return study;
}

const ask = (containerId: string, itemPath: string, organizationIds = [fx.site.org.id]) =>
  writeRequest(sirb, containerId, itemPath, { meaning: 'acknowledged', organizationIds, dueOn: '2099-12-31' });

/** The refresh that lists what is new finds the exchange cut off at the check (it is, once). */
async function refreshCut(site: Session, containerId: string): Promise<void> {
  const before = fx.cuts;
  cut.cutNextCheck();
  await site.watch.refresh(containerId);
  expect(fx.cuts).toBeGreaterThan(before);
}

describe('a sign-off request whose check fails during a refresh', () => {
  it('is told at the next refresh: one entry, one notification', async () => {
    const site = await siteSession(join(dir, 'recover-seen.json'));
    const { containerId, itemPath } = await sharedStudy(site, 'Consent form');
    sent.length = 0;
    await ask(containerId, itemPath);
    await refreshCut(site, containerId);
    expect(await requestsIn(site, containerId)).toEqual([]);
    expect(sent).toEqual([]);

    await site.watch.refresh(containerId);
    const expected = { itemPath, name: 'Consent form.pdf', byId: fx.sirb.org.id, dueOn: '2099-12-31' };
    expect(await requestsIn(site, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ body: `Consent form.pdf by 2099-12-31, from ${fx.sirb.org.name}` });
    await site.watch.refresh(containerId);
    await site.watch.refresh();
    expect(await requestsIn(site, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);
  }, 90_000);

  it('the app restarts before the next refresh: the seen file keeps it, and it is told once', async () => {
    const file = join(dir, 'restart-seen.json');
    const site = await siteSession(file);
    const { containerId, itemPath } = await sharedStudy(site, 'Protocol');
    sent.length = 0;
    await ask(containerId, itemPath);
    await refreshCut(site, containerId);
    expect(await requestsIn(site, containerId)).toEqual([]);
    await site.watch.flush();
    site.close();

    const restarted = await siteSession(file);
    await restarted.watch.refresh(containerId);
    expect(await requestsIn(restarted, containerId)).toMatchObject([{ itemPath, name: 'Protocol.pdf' }]);
    expect(sent).toHaveLength(1);
    await restarted.watch.flush();
    restarted.close();

    const again = await siteSession(file);
    await again.watch.refresh(containerId);
    expect(await requestsIn(again, containerId)).toMatchObject([{ itemPath, name: 'Protocol.pdf' }]);
    expect(sent).toHaveLength(1);
  }, 90_000);

  it('one outstanding at a study’s first listing is in Changes at the next refresh, still not notified', async () => {
    const site = await siteSession(join(dir, 'joined-seen.json'));
    await site.watch.refresh(); // the profile has listed before: the next study is one just shared
    const { containerId, itemPath } = await sharedDocument(sirb, fx.site.org.id, 'Delegation log', dir);
    await ask(containerId, itemPath);
    sent.length = 0;
    await refreshCut(site, containerId);
    expect(await requestsIn(site, containerId)).toEqual([]);
    await site.watch.refresh(containerId);
    expect(await requestsIn(site, containerId)).toMatchObject([{ itemPath, name: 'Delegation log.pdf' }]);
    await site.watch.refresh(containerId);
    expect(await requestsIn(site, containerId)).toHaveLength(1);
    expect(sent).toEqual([]);
  }, 90_000);

  it('a request of another organization is checked once, or twice when its first check failed, and tells nothing', async () => {
    const site = await siteSession(join(dir, 'other-seen.json'));
    const { containerId, itemPath } = await sharedStudy(site, 'Amendment');
    sent.length = 0;
    // asked of the admin only: the site can read it, but it does not ask the site
    const elsewhere = async () => {
      const written = await ask(containerId, itemPath, [fx.admin.org.id]);
      await sirb.sharing.grant(containerId, written.item.id, fx.site.org.id);
      return written.item.id;
    };
    const once = await elsewhere();
    await site.watch.refresh(containerId);
    await site.watch.refresh(containerId);
    expect(cut.timesHanded(once)).toBe(1);

    const twice = await elsewhere();
    await refreshCut(site, containerId);
    await site.watch.refresh(containerId);
    await site.watch.refresh(containerId);
    expect(cut.timesHanded(twice)).toBe(2);
    expect(await requestsIn(site, containerId)).toEqual([]);
    expect(sent).toEqual([]);
  }, 90_000);

  it('a document the exchange cannot serve holds up no request of another document', async () => {
    const site = await siteSession(join(dir, 'unreadable-seen.json'));
    const { containerId, itemPath } = await sharedStudy(site, 'Site binder');
    await ask(containerId, itemPath);
    await site.watch.refresh(containerId);
    expect(await requestsIn(site, containerId)).toHaveLength(1);
    // a second document in the study, asked of the site while the first cannot be read
    const other = newDocumentPath('consent');
    const file = join(dir, 'Visit schedule.pdf');
    await writeFile(file, 'Visit schedule');
    await uploadDocument({
      client: sirb.client,
      containerId,
      path: other,
      file,
      name: 'Visit schedule',
      wrapForSelf: sirb.keys.wrapForSelf,
    });
    await sirb.sharing.grant(containerId, other, fx.site.org.id);
    await ask(containerId, other);
    sent.length = 0;
    fx.cut((line) => line.includes(itemPathToUrl(itemPath)));
    try {
      await site.watch.refresh(containerId);
      // the cut was live for that refresh
      await expect(site.client.getItem(containerId, itemPath)).rejects.toBeInstanceOf(NetworkError);
    } finally {
      fx.uncut();
    }
    expect((await requestsIn(site, containerId)).map((c) => c.itemPath).sort()).toEqual([itemPath, other].sort());
    expect(sent).toMatchObject([{ body: `Visit schedule.pdf by 2099-12-31, from ${fx.sirb.org.name}` }]);
  }, 90_000);
});
