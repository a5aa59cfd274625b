// Answers to the owner's sign-off requests in Changes and notifications, through main's real
// refresh against the reference exchange: the sIRB asks the site to acknowledge a document, the
// site signs, and the sIRB's next refresh makes exactly one Changes entry ("Site Hospital
// acknowledged Consent form.pdf") and one notification; later refreshes and a restart (the seen
// file) add none, and a profile's first listing of a study answered before it is no news. Hostile
// or beside the point, and never an answer: a valid sign-off by an organization not asked, another
// meaning, a statement edited after signing, another organization's record naming the site.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/ipc/views.js';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import { SIGNOFF_HEADER } from '../../../shared/signoffs/statement.js';
import { registerInDataFolder } from '../../../server/index.js';
import { signStatement } from '../../services/signoffs/signoff-crypto.js';
import { signOffFolder } from '../../services/signoffs/signoff-paths.js';
import { writeRequest, writeSignOff } from '../../services/signoffs/signoff-writer.js';
import { startFixture, type ExchangeFixture, type FixtureOrg } from '../../services/test-support/exchange-fixture.js';
import { addRecord } from '../../services/transfers/records.js';
import type { Session } from '../profiles/session.js';
import type { DesktopNotification } from '../whats-new/wording.js';
import { AnswerNews, answerNotification, type Answer } from './answer-news.js';
import { signOffsState } from './signoff-handlers.js';
import { sharedDocument, signerOf, signOffSession } from './test-support/signoff-sessions.js';

let fx: ExchangeFixture;
let dir: string;
let other: FixtureOrg;
let site: Session;
let outsider: Session;
let settings: Pick<Settings, 'notifications' | 'notificationsHideNames'>;
const sent: DesktopNotification[] = [];
const open: Session[] = [];

/** The sIRB's session with the answers hooked into its refresh, its seen state in `file`. */
async function ownerSession(file: string): Promise<Session> {
  const news = new AnswerNews({ state: signOffsState(), settings: async () => settings, sink: (n) => sent.push(n) });
  const s = (
    await signOffSession(fx, fx.sirb, join(dir, 'sirb'), {
      watch: { recordNews: { answers: news.hook(() => true) }, file },
    })
  ).session;
  open.push(s);
  return s;
}

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'answer-news-'));
  const identity = issueIdentity('Other Site', { ca: fx.ca });
  const org = await registerInDataFolder(fx.dataDir, { name: 'Other Site', certificatePem: identity.certificatePem });
  other = { org, identity, client: fx.clientFor({ org, identity }) };
  site = (await signOffSession(fx, fx.site, join(dir, 'site'))).session;
  outsider = (await signOffSession(fx, other, join(dir, 'other'))).session;
}, 60_000);

afterAll(async () => {
  for (const s of [site, outsider, ...open]) s?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

const answersIn = async (s: Session, containerId: string) =>
  (await s.watch.changes(containerId)).filter((c) => c.kind === 'signoff-answered');

/** A document of the sIRB's shared with the site and listed by `owner`, whose acknowledgement the sIRB asks of the site. */
async function askedStudy(owner: Session, name: string): Promise<{ containerId: string; itemPath: string }> {
  const study = await sharedDocument(owner, fx.site.org.id, name, dir);
  await owner.watch.refresh(study.containerId); // listed before any answer: an answer is news
  await writeRequest(owner, study.containerId, study.itemPath, {
    meaning: 'acknowledged',
    organizationIds: [fx.site.org.id],
    dueOn: '2099-12-31',
  });
  return study;
}

const acknowledge = (containerId: string, itemPath: string, meaning: 'acknowledged' | 'reviewed' = 'acknowledged') =>
  writeSignOff(site, signerOf(fx.site, site), containerId, itemPath, {
    meaning,
    signer: { name: 'Ana Ruiz', role: 'Coordinator' },
    shareWith: 'owner',
  });

describe('answers to sign-off requests as the owner’s news', () => {
  it('the site signs what was asked: one entry and one notification, none again after more refreshes or a restart', async () => {
    settings = { notifications: true, notificationsHideNames: false };
    const file = join(dir, 'sirb-seen.json');
    const owner = await ownerSession(file);
    const { containerId, itemPath } = await askedStudy(owner, 'Consent form');
    sent.length = 0;
    await acknowledge(containerId, itemPath);
    await owner.watch.refresh(containerId);
    const expected = {
      containerId,
      itemPath,
      name: 'Consent form.pdf',
      kind: 'signoff-answered',
      meaning: 'acknowledged',
      byId: fx.site.org.id,
      byName: 'Site Hospital',
      unseen: false,
    };
    expect(await answersIn(owner, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: expect.stringMatching(/^Sign-off received in /),
      body: 'Site Hospital acknowledged Consent form.pdf',
      containerId,
      itemPaths: [itemPath],
    });
    await owner.watch.refresh(containerId);
    await owner.watch.refresh();
    expect(await answersIn(owner, containerId)).toMatchObject([expected]);
    await owner.watch.flush();
    owner.close();

    // main restarts: the seen file knows the sign-off, so the entry is the one kept, and nothing is told again
    const restarted = await ownerSession(file);
    await restarted.watch.refresh(containerId);
    expect(await answersIn(restarted, containerId)).toMatchObject([expected]);
    expect(sent).toHaveLength(1);

    // a profile's first run (no seen file): an answer given before it is its starting state
    const firstRun = await ownerSession(join(dir, 'first-run-seen.json'));
    await firstRun.watch.refresh();
    expect(await answersIn(firstRun, containerId)).toEqual([]);
    expect(sent).toHaveLength(1);
  }, 90_000);

  it('an organization not asked, another meaning, an edited statement or a forged record is no answer', async () => {
    settings = { notifications: true, notificationsHideNames: false };
    const owner = await ownerSession(join(dir, 'hostile-seen.json'));
    const { containerId, itemPath } = await askedStudy(owner, 'Protocol');
    await owner.client.grantContainerAccess(containerId, other.org.id);
    await owner.sharing.grant(containerId, itemPath, other.org.id);
    sent.length = 0;

    // a valid sign-off by an organization nobody asked
    await writeSignOff(outsider, signerOf(other, outsider), containerId, itemPath, {
      meaning: 'acknowledged',
      signer: { name: 'Jo Lee' },
      shareWith: 'owner',
    });
    // the site, valid, but not the meaning asked
    await acknowledge(containerId, itemPath, 'reviewed');
    // the site's own record whose statement was edited after signing (the signature is over other bytes)
    const document = await owner.client.getItem(containerId, itemPath);
    const statement = {
      containerId,
      itemId: itemPath,
      contentHash: document.contentHash,
      documentName: 'Protocol.pdf',
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
    const edited = await addRecord(site.client, site.keys, containerId, signOffFolder(fx.site.org.id, itemPath), {
      header: SIGNOFF_HEADER,
      content: { ...signed, statement: { ...signed.statement, signer: { name: 'Someone Else' } } },
    });
    await site.sharing.grant(containerId, edited.id, fx.sirb.org.id);
    // another organization's record at its own path, naming the site and signed with its own key
    const forged = await addRecord(outsider.client, outsider.keys, containerId, signOffFolder(other.org.id, itemPath), {
      header: SIGNOFF_HEADER,
      content: signStatement(statement, keySigner(other.identity.privateKeyPem), signerOf(other, outsider).thumbprint),
    });
    await outsider.sharing.grant(containerId, forged.id, fx.sirb.org.id);

    await owner.watch.refresh(containerId);
    expect(await answersIn(owner, containerId)).toEqual([]);
    expect(sent).toEqual([]);

    // the answer asked for, after all of them, is the study's one entry
    await acknowledge(containerId, itemPath);
    await owner.watch.refresh(containerId);
    expect(await answersIn(owner, containerId)).toMatchObject([{ byId: fx.site.org.id, meaning: 'acknowledged' }]);
    expect(sent).toHaveLength(1);
  }, 90_000);

  it('names hidden: the count only; notifications off: none, and Changes still has it', async () => {
    const owner = await ownerSession(join(dir, 'settings-seen.json'));
    const first = await askedStudy(owner, 'Delegation log');
    settings = { notifications: true, notificationsHideNames: true };
    sent.length = 0;
    await acknowledge(first.containerId, first.itemPath);
    await owner.watch.refresh(first.containerId);
    expect(sent).toEqual([
      { title: 'Sign-off received', body: '', containerId: first.containerId, itemPaths: [first.itemPath] },
    ]);

    settings = { notifications: false, notificationsHideNames: false };
    const second = await askedStudy(owner, 'Training log');
    await acknowledge(second.containerId, second.itemPath);
    await owner.watch.refresh(second.containerId);
    expect(sent).toHaveLength(1);
    expect(await answersIn(owner, second.containerId)).toMatchObject([{ name: 'Training log.pdf' }]);
  }, 90_000);
});

describe('an answer’s notification', () => {
  const answer = (documentName: string, name = 'Lakeside University'): Answer => ({
    containerId: 'c'.repeat(32),
    itemPath: `consent/${documentName}`,
    documentName,
    organization: { id: '1'.repeat(32), name },
    meaning: 'acknowledged',
    at: '2026-11-28T10:00:00.000Z',
  });

  it('lists three by name and counts the rest; names hidden, the count only; hostile names cleaned', () => {
    const four = ['Consent form v3.pdf', 'Protocol.pdf', 'Manual.pdf', 'Log.pdf'].map((d) => answer(d));
    expect(answerNotification('Protocol 2025-031', four, false)).toEqual({
      title: '4 sign-offs received in Protocol 2025-031',
      body: 'Lakeside University acknowledged Consent form v3.pdf, Lakeside University acknowledged Protocol.pdf, Lakeside University acknowledged Manual.pdf and 1 more',
      containerId: 'c'.repeat(32),
      itemPaths: four.map((a) => a.itemPath),
    });
    expect(answerNotification('Protocol 2025-031', four, true)).toMatchObject({
      title: '4 sign-offs received',
      body: '',
    });
    const hostile = answerNotification('Study', [answer('Consent.pdf', '\u202eEvil\u0007 Org')], false);
    expect(hostile?.body).not.toContain('\u202e');
    expect(hostile?.body).not.toContain('\u0007');
    expect(hostile?.body).toMatch(/acknowledged Consent\.pdf$/);
    expect(answerNotification('Study', [], false)).toBeUndefined();
  });
});
