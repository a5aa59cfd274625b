// "New study", "Study details…" and invitations through main's real handlers and session,
// against the real reference server: only the owner names a study, one collaborator that
// cannot receive the record is reported without failing the edit, a stale form does not
// undo what was saved since, a record that could not be saved is finished in the same study
// (a proxy loses the connection in between), and a certificate swapped in transit is refused
// naming the directory's SHA-1 fingerprint.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity, parseCertificate } from '../../../shared/protocol/certificates.js';
import type { ActivityEntry } from '../../../shared/ipc/views.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { startTamperProxy, type TamperProxy } from '../../services/test-support/tamper-proxy.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../profiles/session.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import { studyHandlers } from './study-handlers.js';

let fx: ExchangeFixture;
let proxy: TamperProxy;
let dir: string;
let sirb: Session;
let site: Session;
let asSirb: ReturnType<typeof studyHandlers>;
let asSite: ReturnType<typeof studyHandlers>;
const activity: Omit<ActivityEntry, 'time' | 'profile'>[] = [];
const notes: { title: string; body: string }[] = [];
/** The notification settings the handlers read (the window's Settings). */
let notifySettings = { notifications: true, notificationsHideNames: false };

function handlersOf(session: Session) {
  return studyHandlers({
    session: async () => session,
    settings: { get: async () => notifySettings },
    record: async (e: Omit<ActivityEntry, 'time' | 'profile'>) => void activity.push(e),
    options: { platform: { notify: (title: string, body: string) => void notes.push({ title, body }) } },
  } as unknown as AppContext);
}

beforeAll(async () => {
  fx = await startFixture();
  proxy = await startTamperProxy(fx.url);
  dir = await mkdtemp(join(tmpdir(), 'study-handlers-'));
  sirb = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'), proxy.url, [fx.ca.certificatePem]);
  site = await fixtureSession(fx, fx.site, join(dir, 'site'), fx.url, [fx.ca.certificatePem]);
  asSirb = handlersOf(sirb);
  asSite = handlersOf(site);
}, 120_000);

afterAll(async () => {
  sirb?.close();
  site?.close();
  await proxy?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('study handlers', () => {
  it('names the new study by its title in the notification and the activity log', async () => {
    const study = await asSirb['containers.create']({
      title: 'Protocol 2026-114: Sleep and Recovery',
      protocolNumber: '2026-114',
    });
    expect(study.title).toBe('Protocol 2026-114: Sleep and Recovery');
    expect(notes.at(-1)).toEqual({
      title: 'Study created',
      body: expect.stringContaining('“Protocol 2026-114: Sleep and Recovery” is ready'),
    });
    expect(activity.at(-1)).toMatchObject({
      action: 'create-study',
      ok: true,
      study: study.id,
      detail: 'protocol 2026-114',
    });

    // through the notification settings: names hidden, then off
    notifySettings = { notifications: true, notificationsHideNames: true };
    await asSirb['containers.create']({ title: 'Protocol 2026-115: Secret Name' });
    expect(notes.at(-1)).toEqual({
      title: 'Study created',
      body: 'Invite the participating sites and upload documents.',
    });
    const count = notes.length;
    notifySettings = { notifications: false, notificationsHideNames: false };
    await asSirb['containers.create']({ title: 'Protocol 2026-116' });
    expect(notes).toHaveLength(count);
    notifySettings = { notifications: true, notificationsHideNames: false };
  });

  it('refuses "Study details…" from an organization that does not own the study', async () => {
    const study = await asSirb['containers.create']({ title: 'Owned by the IRB' });
    await asSirb['collaborators.add']({ containerId: study.id, organizationId: fx.site.org.id });
    await expect(
      asSite['containers.updateStudy']({ containerId: study.id, title: 'Taken over' }),
    ).rejects.toMatchObject({
      code: 'not-study-owner',
      message: 'Only the organization that owns this study can change its title and details.',
    });
    expect((await asSite['containers.list']({})).find((c) => c.id === study.id)?.title).toBe('Owned by the IRB');
  });

  it('saves an edit and names the collaborator that could not be given the new title', async () => {
    const bare = await fx.admin.client.createOrganization({ name: `Unregistered Clinic ${Date.now()}`, isSirb: false });
    const study = await asSirb['containers.create']({ title: 'Before' });
    await asSirb['collaborators.add']({ containerId: study.id, organizationId: bare.id });
    expect(
      (await asSirb['collaborators.add']({ containerId: study.id, organizationId: fx.site.org.id })).titleProblem,
    ).toBeUndefined();

    const saved = await asSirb['containers.updateStudy']({ containerId: study.id, title: 'After' });
    expect(saved.title).toBe('After');
    expect(saved.notShared).toMatch(new RegExp(`^Saved, but not shared with ${bare.name} because: .+`));
    expect(activity.at(-1)).toMatchObject({
      action: 'edit-study',
      ok: true,
      detail: expect.stringContaining(`not shared with ${bare.name}`),
    });
    expect((await asSite['containers.list']({})).find((c) => c.id === study.id)?.title).toBe('After');
  });

  it('says in the invitation\u2019s answer that the title could not be shared with the invited site', async () => {
    const bare = await fx.admin.client.createOrganization({
      name: `Clinic Without Certificate ${Date.now()}`,
      isSirb: false,
    });
    const study = await asSirb['containers.create']({ title: 'Invite me' });
    const invite = await asSirb['collaborators.add']({ containerId: study.id, organizationId: bare.id });
    expect(invite.collaborators.map((o) => o.id)).toContain(bare.id);
    expect(invite.titleProblem).toMatch(
      new RegExp(`^The study\u2019s title could not be shared with ${bare.name}: .+`),
    );
  });

  it('does not let a form opened on an older version undo what was saved since, unless the user overwrites', async () => {
    const study = await asSirb['containers.create']({ title: 'Race', sponsor: 'NIH' });
    const opened = (await asSirb['containers.list']({})).find((c) => c.id === study.id)!;
    expect(opened.studyVersion).toMatch(/\S/);
    // meanwhile a colleague (another machine, or the CLI) changes the sponsor
    await asSirb['containers.updateStudy']({ containerId: study.id, title: 'Race', sponsor: 'Wellcome' });
    // the stale form changed only the title; it still holds the old sponsor
    const edit = { containerId: study.id, ...opened.study!, title: 'Race, renamed', changed: ['title' as const] };
    await expect(asSirb['containers.updateStudy']({ ...edit, base: opened.studyVersion })).rejects.toMatchObject({
      code: 'study-changed',
    });
    expect((await asSirb['containers.list']({})).find((c) => c.id === study.id)?.title).toBe('Race');
    // "Overwrite": only the changed field is applied to the record as it is now
    const saved = await asSirb['containers.updateStudy'](edit);
    expect(saved.study).toEqual({ title: 'Race, renamed', sponsor: 'Wellcome' });
  });

  it('when the record cannot be saved after the study is made, the retry finishes that study instead of making another', async () => {
    const before = (await sirb.client.listContainers()).length;
    // the connection is lost whenever the study record is asked for: the container is made, its record not
    proxy.drop((_method, path) => path.includes('/items/study'));
    let created;
    try {
      created = await asSirb['containers.create']({ title: 'Protocol 2026-200', protocolNumber: '2026-200' });
    } finally {
      proxy.drop(undefined);
    }
    expect(created.recordProblem).toMatchObject({ code: 'network', retryable: true });
    expect(created.title).toBe(`Study ${created.id.slice(0, 8)}`);
    expect(activity.at(-1)).toMatchObject({ action: 'create-study', ok: false, study: created.id });

    const finished = await asSirb['containers.updateStudy']({
      containerId: created.id,
      title: 'Protocol 2026-200',
      protocolNumber: '2026-200',
    });
    expect(finished).toMatchObject({
      id: created.id,
      title: 'Protocol 2026-200',
      study: { protocolNumber: '2026-200' },
    });
    expect(finished.recordProblem).toBeUndefined();
    expect((await sirb.client.listContainers()).length).toBe(before + 1);
  });

  it('says a served certificate that is not the directory\u2019s is refused, by its SHA-1 fingerprint', async () => {
    const swapped = issueIdentity('Man in the middle').certificatePem;
    proxy.rewrite((method, url) =>
      method === 'GET' && url.endsWith('/certificate') ? Buffer.from(swapped) : undefined,
    );
    let preview;
    try {
      preview = await asSirb['organizations.get']({ organizationId: fx.site.org.id });
    } finally {
      proxy.rewrite(undefined);
    }
    const listed = await fx.site.client.getOrganization(fx.site.org.id);
    expect(preview.thumbprintMatches).toBe(false);
    expect(preview.certificate?.thumbprint).toBe(parseCertificate(swapped).thumbprint);
    expect(preview.problem).toBe(
      `The certificate the exchange sent for ${listed.name} is not the one in the directory (SHA-1 fingerprint ${listed.thumbprint}). Nothing will be shared with it.`,
    );
  });
});
