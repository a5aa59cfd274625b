// An answer whose check fails during a refresh (the exchange stopped between the listing that
// found the sign-off and the check) is not lost: the next refresh checks it again and it is one
// Changes entry and one notification, also when the app restarts in between (the seen file keeps
// what is left to check). A sign-off that is no answer is handed over once, and once again at most
// when its first check failed, never more.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/ipc/views.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import { SIGNOFF_HEADER } from '../../../shared/signoffs/statement.js';
import { signStatement } from '../../services/signoffs/signoff-crypto.js';
import { signOffFolder } from '../../services/signoffs/signoff-paths.js';
import { writeRequest, writeSignOff } from '../../services/signoffs/signoff-writer.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { addRecord } from '../../services/transfers/records.js';
import type { Session } from '../profiles/session.js';
import type { DesktopNotification } from '../whats-new/wording.js';
import { AnswerNews } from './answer-news.js';
import { signOffsState } from './signoff-handlers.js';
import { CheckCut } from './test-support/check-cut.js';
import { sharedDocument, signerOf, signOffSession } from './test-support/signoff-sessions.js';

let fx: ExchangeFixture;
let dir: string;
let site: Session;
const settings: Pick<Settings, 'notifications' | 'notificationsHideNames'> = {
  notifications: true,
  notificationsHideNames: false,
};
const sent: DesktopNotification[] = [];
const open: Session[] = [];
let cut: CheckCut;

/** The sIRB's session with the answers hooked into its refresh (through `cut`), its seen state in `file`. */
async function ownerSession(file: string): Promise<Session> {
  const news = new AnswerNews({ state: signOffsState(), settings: async () => settings, sink: (n) => sent.push(n) });
  const watch = { recordNews: { answers: cut.wrap(news.hook(() => true)) }, file };
  const s = (await signOffSession(fx, fx.sirb, join(dir, 'sirb'), { watch })).session;
  open.push(s);
  return s;
}

beforeAll(async () => {
  fx = await startFixture({}, { cuttable: true });
  cut = new CheckCut(fx);
  dir = await mkdtemp(join(tmpdir(), 'answer-news-retry-'));
  site = (await signOffSession(fx, fx.site, join(dir, 'site'))).session;
}, 60_000);

afterEach(() => cut.clear());

afterAll(async () => {
  for (const s of [site, ...open]) s?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

const answersIn = async (s: Session, containerId: string) =>
  (await s.watch.changes(containerId)).filter((c) => c.kind === 'signoff-answered');

/** A document of the sIRB's, listed by `owner`, whose acknowledgement the sIRB asks of the site. */
async function askedStudy(owner: Session, name: string): Promise<{ containerId: string; itemPath: string }> {
  const study = await sharedDocument(owner, fx.site.org.id, name, dir);
  await owner.watch.refresh(study.containerId);
  await writeRequest(owner, study.containerId, study.itemPath, {
    meaning: 'acknowledged',
    organizationIds: [fx.site.org.id],
  });
  return study;
}

const acknowledge = async (containerId: string, itemPath: string) =>
  (
    await writeSignOff(site, signerOf(fx.site, site), containerId, itemPath, {
      meaning: 'acknowledged',
      signer: { name: 'Ana Ruiz', role: 'Coordinator' },
      shareWith: 'owner',
    })
  ).path;

/** The refresh that lists what is new finds the exchange cut off at the check (it is, once). */
async function refreshCut(owner: Session, containerId: string): Promise<void> {
  const before = fx.cuts;
  cut.cutNextCheck();
  await owner.watch.refresh(containerId);
  expect(fx.cuts).toBeGreaterThan(before);
}

describe('an answer whose check fails during a refresh', () => {
  it('is told at the next refresh: one entry, one notification', async () => {
    const owner = await ownerSession(join(dir, 'recover-seen.json'));
    const { containerId, itemPath } = await askedStudy(owner, 'Consent form');
    sent.length = 0;
    await acknowledge(containerId, itemPath);
    await refreshCut(owner, containerId);
    expect(await answersIn(owner, containerId)).toEqual([]);
    expect(sent).toEqual([]);

    await owner.watch.refresh(containerId);
    const expected = { itemPath, kind: 'signoff-answered', byId: fx.site.org.id, meaning: 'acknowledged' };
    expect(await answersIn(owner, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);
    await owner.watch.refresh(containerId);
    await owner.watch.refresh();
    expect(await answersIn(owner, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);
  }, 90_000);

  it('the app restarts before the next refresh: the seen file keeps it, and it is told once', async () => {
    const file = join(dir, 'restart-seen.json');
    const owner = await ownerSession(file);
    const { containerId, itemPath } = await askedStudy(owner, 'Protocol');
    sent.length = 0;
    await acknowledge(containerId, itemPath);
    await refreshCut(owner, containerId);
    expect(await answersIn(owner, containerId)).toEqual([]);
    await owner.watch.flush();
    owner.close();

    const restarted = await ownerSession(file);
    await restarted.watch.refresh(containerId);
    const expected = { itemPath, kind: 'signoff-answered', byId: fx.site.org.id, meaning: 'acknowledged' };
    expect(await answersIn(restarted, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);
    await restarted.watch.flush();
    restarted.close();

    // and once more: nothing is left to tell
    const again = await ownerSession(file);
    await again.watch.refresh(containerId);
    expect(await answersIn(again, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);
  }, 90_000);

  it('a sign-off that does not verify is checked once, or twice when its first check failed, and tells nothing', async () => {
    const owner = await ownerSession(join(dir, 'invalid-seen.json'));
    const { containerId, itemPath } = await askedStudy(owner, 'Delegation log');
    sent.length = 0;
    const edited = async () => {
      // the site's record whose statement was edited after signing: the signature is over other bytes
      const document = await owner.client.getItem(containerId, itemPath);
      const statement = {
        containerId,
        itemId: itemPath,
        contentHash: document.contentHash,
        documentName: 'Delegation log.pdf',
        meaning: 'acknowledged' as const,
        signer: { name: 'Ana Ruiz' },
        organizationId: fx.site.org.id,
        signedAt: new Date().toISOString(),
      };
      const signed = signStatement(
        statement,
        keySigner(fx.site.identity.privateKeyPem),
        signerOf(fx.site, site).thumbprint,
      );
      const record = await addRecord(site.client, site.keys, containerId, signOffFolder(fx.site.org.id, itemPath), {
        header: SIGNOFF_HEADER,
        content: { ...signed, statement: { ...signed.statement, signer: { name: 'Someone Else' } } },
      });
      await site.sharing.grant(containerId, record.id, fx.sirb.org.id);
      return record.id;
    };

    // checked at the refresh that lists it: no answer, and never handed over again
    const once = await edited();
    await owner.watch.refresh(containerId);
    await owner.watch.refresh(containerId);
    await owner.watch.refresh();
    expect(cut.timesHanded(once)).toBe(1);

    // its first check finds the exchange gone: checked again at the next refresh, then never
    const twice = await edited();
    await refreshCut(owner, containerId);
    await owner.watch.refresh(containerId);
    await owner.watch.refresh(containerId);
    expect(cut.timesHanded(twice)).toBe(2);
    expect(await answersIn(owner, containerId)).toEqual([]);
    expect(sent).toEqual([]);
  }, 90_000);
});
