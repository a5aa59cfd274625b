// Desktop notifications from main's real shared refresh: the app core on the embedded sandbox
// exchange (a real reference server over HTTP), Riverside writing as itself with its own session.
// What reaches the window's `changes.notify`: nothing while off, what is New once turned on (the
// sandbox's demo report first), one notification per refresh across studies, never the user's own
// upload, only the count with names hidden, a study newly shared as one line, another
// organization's names cleaned.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import type { AppCore } from '../platform.js';
import type { CoreCall } from '../test-support/app-core.js';
import { sandboxWithRiverside, type SandboxWithRiverside } from '../test-support/sandbox-riverside.js';
import { BATCH_WINDOW_MS } from './notifier.js';

let sandbox: SandboxWithRiverside;
let dir: string;
let core: AppCore;
let call: CoreCall;
let first: { id: string; title: string };
let second: { id: string; title: string };
const told: EventPayloads['changes.notify'][] = [];

beforeAll(async () => {
  sandbox = await sandboxWithRiverside('notify-arrivals-');
  ({ dir, core, call } = sandbox);
  core.onEvent((name, payload) => {
    const notice = payload as EventPayloads['changes.notify'];
    // arrivals only: the binder's notice of the day (the sandbox's GCP certificate expiring in 20
    // days, told at the day's first refresh) is its own, tested in binder-handlers.test.ts
    if (name === 'changes.notify' && !/ expires? (in|today)| expired /.test(notice.body)) told.push(notice);
  });
  const studies = await call('containers.list', {});
  [first, second] = studies.map((s) => ({ id: s.id, title: s.title })) as [typeof first, typeof second];
  // the first listing: the sandbox's demo report arrives while notifications are off
  await call('changes.refresh', {});
}, 120_000);

afterAll(() => sandbox?.close());

/** Riverside uploads a document into a study and shares it with the sIRB (as the app does for a site). */
async function riversideSends(containerId: string, fileName: string): Promise<string> {
  const path = await sandbox.riversideUploads(containerId, fileName);
  await sandbox.riverside.sharing.grant(containerId, path, sandbox.sirbId);
  return path.replace(/\|/g, '/');
}

/** The sIRB (the app's active profile) uploads a document through the app; answers its path. */
async function sirbUploads(containerId: string, fileName: string): Promise<string> {
  const local = join(dir, fileName);
  await writeFile(local, `the sIRB's ${fileName}`);
  const { ref } = core.registerFile({ path: local, relativePath: fileName, size: `the sIRB's ${fileName}`.length });
  const [t] = await call('transfers.upload', {
    containerId,
    folder: 'Approvals',
    files: [{ ref, relativePath: fileName }],
  });
  await expect
    .poll(async () => (await call('transfers.list', {})).find((x) => x.id === t!.id)?.state, { timeout: 30_000 })
    .toBe('verified');
  return t!.itemPath;
}

/**
 * The notifications of one refresh: waited for until some arrive (the batching window); all of one
 * window are handed over together, so what is there then is all of them.
 */
async function notifiedAfter(act: () => Promise<unknown>): Promise<EventPayloads['changes.notify'][]> {
  told.length = 0;
  await act();
  await expect.poll(() => told.length, { timeout: BATCH_WINDOW_MS * 4 }).toBeGreaterThan(0);
  return [...told];
}

/** Nothing was told: the refresh ran and a whole batching window passed after it. */
async function nothingAfter(act: () => Promise<unknown>): Promise<void> {
  told.length = 0;
  await act();
  await new Promise((r) => setTimeout(r, BATCH_WINDOW_MS + 500));
  expect(told).toEqual([]);
}

describe('notifications from the shared refresh', () => {
  it('the sandbox’s demo report the sIRB has not seen: one notification once turned on', async () => {
    expect(told).toEqual([]);
    const [n, ...more] = await notifiedAfter(() => call('settings.update', { notifications: true }));
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      title: `New document in ${first.title}`,
      body: 'enrolment-report-march-2026.pdf from Riverside Medical Center',
      containerId: first.id,
    });
    // off again, and nothing New: what follows is all this test's
    await call('settings.update', { notifications: false });
    for (const s of [first, second]) await call('changes.markSeen', { containerId: s.id, folderPath: '' });
  });

  it('nothing while off; turned on, what is New is told at once', async () => {
    const path = await riversideSends(first.id, 'site-report.pdf');
    await nothingAfter(() => call('changes.refresh', {}));
    expect((await call('changes.unseen', {})).byStudy[first.id]).toEqual([path]);
    const [n, ...more] = await notifiedAfter(() => call('settings.update', { notifications: true }));
    expect(more).toEqual([]);
    expect(n).toEqual({
      title: `New document in ${first.title}`,
      body: 'site-report.pdf from Riverside Medical Center',
      containerId: first.id,
      itemPaths: [path],
    });
  });

  it("never the user's own upload", async () => {
    await sirbUploads(first.id, 'own-letter.pdf');
    await nothingAfter(() => call('changes.refresh', {}));
  });

  it('one refresh of two studies is one notification', async () => {
    const paths = [
      await riversideSends(first.id, 'monitoring-visit.pdf'),
      await riversideSends(first.id, 'deviation-log.xlsx'),
    ];
    await riversideSends(second.id, 'enrolment-report.pdf');
    const [n, ...more] = await notifiedAfter(() => call('changes.refresh', {}));
    expect(more).toEqual([]);
    expect(n).toEqual({
      title: '3 new documents in 2 studies',
      body: `${first.title} (2), ${second.title} (1)`,
      containerId: first.id,
      itemPaths: expect.arrayContaining(paths) as string[],
    });
  });

  it('another organization’s names are cleaned and cut', async () => {
    const RLO = '\u202e';
    const [n] = await notifiedAfter(async () => {
      await riversideSends(first.id, `invoice${RLO}fdp.exe${'x'.repeat(300)}.pdf`);
      await call('changes.refresh', {});
    });
    expect(n!.body).not.toContain(RLO);
    expect(n!.body).toMatch(/^invoicefdp\.exex+… from Riverside Medical Center$/);
  });

  it('with names hidden: only the count', async () => {
    await call('settings.update', { notificationsHideNames: true });
    const [n, ...more] = await notifiedAfter(async () => {
      await riversideSends(first.id, 'pharmacy-log.pdf');
      await call('changes.refresh', {});
    });
    expect(more).toEqual([]);
    expect(n).toMatchObject({ title: '1 new document', body: '' });
    await call('settings.update', { notificationsHideNames: false });
  });

  it('a study newly shared with Riverside is one line there, its documents not told one by one', async () => {
    const profiles = await call('profiles.list', {});
    const sirb = profiles.find((p) => p.active)!;
    const site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
    // Riverside's window has listed its studies once; then the sIRB shares a new study with it
    await call('profiles.switch', { profileId: site.id });
    await nothingAfter(() => call('changes.refresh', {}));
    await call('profiles.switch', { profileId: sirb.id });
    const study = await call('containers.create', { title: 'Registry of outcomes' });
    await call('collaborators.add', { containerId: study.id, organizationId: site.organizationId });
    const plan = await sirbUploads(study.id, 'registry-plan.pdf');
    await call('access.grant', { containerId: study.id, itemPaths: [plan], organizationIds: [site.organizationId] });
    await call('profiles.switch', { profileId: site.id });
    const [n, ...more] = await notifiedAfter(() => call('changes.refresh', {}));
    expect(more).toEqual([]);
    expect(n).toEqual({
      title: 'Registry of outcomes was shared with you',
      body: '',
      containerId: study.id,
      itemPaths: [],
    });
  });
});
