// The shared refresh against the reference exchange, with real sessions of the sIRB and a site:
// what is New and what Changes says (own items never, first listings never, across a restart,
// gone, reserved, hostile names), Mark as seen, and the loop's schedule driven by a test timer.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import { writeRecord } from '../../services/transfers/records.js';
import type { Session } from '../profiles/session.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import { seenFile } from './seen-store.js';
import { StudyWatch, type ArrivalBatch, type WatchOptions } from './study-watch.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;
let site: Session;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'study-watch-'));
  sirb = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'), fx.url, [fx.ca.certificatePem]);
  site = await fixtureSession(fx, fx.site, join(dir, 'site'), fx.url, [fx.ca.certificatePem]);
}, 60_000);

afterAll(async () => {
  sirb?.close();
  site?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A document uploaded by `by` under `folder` with this file name, shared with `shareWith`; its path (slash form). */
async function upload(by: Session, containerId: string, folder: string, fileName: string, shareWith?: string) {
  const local = join(dir, randomBytes(6).toString('hex'));
  await mkdir(local);
  const file = join(local, fileName);
  await writeFile(file, `the content of ${fileName}`);
  const path = newDocumentPath(folder);
  await uploadDocument({ client: by.client, containerId, path, file, wrapForSelf: by.keys.wrapForSelf });
  if (shareWith) await by.sharing.grant(containerId, path, shareWith);
  return toSlashForm(path);
}

/** A study of the sIRB's that the site collaborates on. */
async function sharedStudy(): Promise<string> {
  const id = (await sirb.client.createContainer()).id;
  await sirb.client.grantContainerAccess(id, fx.site.org.id);
  return id;
}

interface Watched {
  readonly watch: StudyWatch;
  readonly events: { event: EventName; payload: unknown }[];
  readonly arrivals: ArrivalBatch[];
}

function watched(s: Session, options: WatchOptions = {}): Watched {
  const events: Watched['events'] = [];
  const arrivals: ArrivalBatch[] = [];
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void events.push({ event, payload });
  const watch = new StudyWatch(s, { emit, ...options });
  watch.onArrivals((b) => arrivals.push(b));
  return { watch, events, arrivals };
}

const changedOf = (w: Watched, containerId: string) =>
  w.events
    .filter((e) => e.event === 'study.changed')
    .map((e) => e.payload as EventPayloads['study.changed'])
    .filter((p) => p.containerId === containerId);

describe('New and Changes', () => {
  it('marks nothing on a first listing, then only what another organization added, its name cleaned', async () => {
    const study = await sharedStudy();
    await upload(site, study, 'site-a', 'activation-packet.pdf', fx.sirb.org.id);
    await upload(sirb, study, 'approvals', 'approval-letter.pdf');
    const w = watched(sirb);
    await w.watch.refresh();
    expect((await w.watch.unseen()).byStudy[study]).toBeUndefined();
    expect(w.arrivals.filter((b) => b.containerId === study)).toEqual([]);
    expect(await w.watch.changes(study)).toEqual([]);

    const hostile = await upload(site, study, 'site-a', 'report\u202Efdp.exe', fx.sirb.org.id);
    const own = await upload(sirb, study, 'approvals', 'approval-letter-v2.pdf');
    await w.watch.refresh();
    expect((await w.watch.unseen()).byStudy[study]).toEqual([hostile]);
    const [entry, ...more] = await w.watch.changes(study);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      containerId: study,
      itemPath: hostile,
      kind: 'added',
      byId: fx.site.org.id,
      byName: fx.site.org.name,
      unseen: true,
    });
    expect(entry!.name).not.toMatch(/\u202E/);
    expect(entry!.name).toContain('report');
    const batch = w.arrivals.filter((b) => b.containerId === study);
    expect(batch).toEqual([
      {
        containerId: study,
        studyTitle: expect.any(String),
        joined: false,
        items: [expect.objectContaining({ itemPath: hostile, name: entry!.name, byName: fx.site.org.name })],
      },
    ]);
    // the file list follows both, its own upload included, headers opened
    const [changed] = changedOf(w, study);
    expect(changed!.changed.map((v) => v.path).sort()).toEqual([hostile, own].sort());
    expect(changed!.changed.every((v) => v.decryptedHeader)).toBe(true);
    expect(w.events.filter((e) => e.event === 'changes.unseen').at(-1)!.payload).toEqual(await w.watch.unseen());
    w.watch.close();
  }, 60_000);

  it('never marks the study record nor a receipt', async () => {
    const study = await sharedStudy();
    const w = watched(sirb);
    await w.watch.refresh();
    await sirb.studies.save(study, { title: 'Protocol 2026-201' });
    const path = `receipts/${fx.site.org.id}/${randomBytes(8).toString('hex')}`;
    await writeRecord(site.client, site.keys, study, path, { header: { type: 'receipt', name: 'r' }, content: {} });
    await site.sharing.grant(study, path, fx.sirb.org.id);
    await w.watch.refresh();
    expect((await w.watch.unseen()).byStudy[study]).toBeUndefined();
    expect(await w.watch.changes(study)).toEqual([]);
    expect(changedOf(w, study).flatMap((c) => c.changed)).toEqual([]);
    w.watch.close();
  }, 60_000);

  it('tells what was done while the app was closed, and a study shared meanwhile once, with nothing New in it', async () => {
    // the site's view: the sIRB works while the site's app is closed
    const study = await sharedStudy();
    const file = seenFile(join(dir, 'restart'), 'profile-1');
    const first = watched(site, { file });
    await first.watch.refresh();
    first.watch.close();
    await first.watch.flush();

    const later = await upload(sirb, study, 'approvals', 'continuing-review.pdf', fx.site.org.id);
    // the site's own upload meanwhile (its command-line tool, say) is not New
    await upload(site, study, 'site-a', 'own-while-closed.pdf', fx.sirb.org.id);
    const joined = await sharedStudy();
    await upload(sirb, joined, 'approvals', 'approval.pdf', fx.site.org.id);

    const second = watched(site, { file });
    await second.watch.refresh();
    const unseen = await second.watch.unseen();
    expect(unseen.byStudy[study]).toEqual([later]);
    expect(unseen.byStudy[joined]).toBeUndefined();
    expect(changedOf(second, joined)).toEqual([{ containerId: joined, changed: [], removedPaths: [], joined: true }]);
    expect(second.arrivals.filter((b) => b.containerId === joined)).toEqual([
      { containerId: joined, studyTitle: expect.any(String), joined: true, items: [] },
    ]);
    expect(second.arrivals.filter((b) => b.containerId === study)).toEqual([
      expect.objectContaining({ joined: false, items: [expect.objectContaining({ itemPath: later })] }),
    ]);
    // once: the next refresh does not report it again
    await second.watch.refresh();
    expect(second.arrivals.filter((b) => b.containerId === joined)).toHaveLength(1);
    second.watch.close();
  }, 60_000);

  it('tells a new version of another organization’s document as changed, and a renamed study by its new title', async () => {
    // the site's view of a study of the sIRB's
    const study = await sharedStudy();
    await sirb.studies.save(study, { title: 'Protocol 2026-300' });
    const w = watched(site);
    await w.watch.refresh();
    const letter = await upload(sirb, study, 'approvals', 'approval-letter.pdf', fx.site.org.id);
    await w.watch.refresh();
    await w.watch.markSeen(study, [letter]);
    // replaced by its owner (same path, new content), and the study renamed
    const local = join(dir, randomBytes(6).toString('hex'));
    await mkdir(local);
    await writeFile(join(local, 'approval-letter.pdf'), 'the amended letter');
    await uploadDocument({
      client: sirb.client,
      containerId: study,
      path: letter,
      file: join(local, 'approval-letter.pdf'),
      wrapForSelf: sirb.keys.wrapForSelf,
    });
    await sirb.sharing.update(study, letter, fx.site.org.id);
    await sirb.studies.save(study, { title: 'Protocol 2026-300: Renamed' });
    await w.watch.refresh();
    expect((await w.watch.unseen()).byStudy[study]).toEqual([letter]);
    const [changed, added] = await w.watch.changes(study);
    expect(changed).toMatchObject({ itemPath: letter, kind: 'changed', name: 'approval-letter.pdf', unseen: true });
    expect(added).toMatchObject({ itemPath: letter, kind: 'added', studyTitle: 'Protocol 2026-300' });
    expect(changed!.studyTitle).toBe('Protocol 2026-300: Renamed');
    expect(w.watch.listed().find((x) => x.id === study)?.title).toBe('Protocol 2026-300: Renamed');
    w.watch.close();
  }, 60_000);

  it('notes an item a whole listing no longer has as gone, never New', async () => {
    const study = await sharedStudy();
    const w = watched(sirb);
    await w.watch.refresh();
    const doomed = await upload(site, study, 'site-a', 'withdrawn.pdf', fx.sirb.org.id);
    await w.watch.refresh();
    expect((await w.watch.unseen()).byStudy[study]).toEqual([doomed]);
    await site.client.deleteItem(study, doomed);
    await w.watch.refresh(study); // the Refresh button on the study: listed whole
    expect((await w.watch.unseen()).byStudy[study]).toBeUndefined();
    const [gone, added] = await w.watch.changes(study);
    expect(gone).toMatchObject({ itemPath: doomed, kind: 'gone', name: 'withdrawn.pdf', unseen: false });
    expect(added).toMatchObject({ itemPath: doomed, kind: 'added', unseen: false });
    expect(changedOf(w, study).at(-1)).toMatchObject({ changed: [], removedPaths: [doomed] });
    w.watch.close();
  }, 60_000);

  it('Mark as seen clears items, a folder with everything under it, or the study; and stays cleared after a restart', async () => {
    const study = await sharedStudy();
    const file = seenFile(join(dir, 'mark'), 'profile-2');
    const w = watched(sirb, { file });
    await w.watch.refresh();
    const a1 = await upload(site, study, 'site-a', 'a1.pdf', fx.sirb.org.id);
    const a2 = await upload(site, study, 'site-a/visits', 'a2.pdf', fx.sirb.org.id);
    const ab = await upload(site, study, 'site-ab', 'ab.pdf', fx.sirb.org.id);
    const b1 = await upload(site, study, 'site-b', 'b1.pdf', fx.sirb.org.id);
    await w.watch.refresh();
    const now = async () => [...((await w.watch.unseen()).byStudy[study] ?? [])].sort();
    expect(await now()).toEqual([a1, a2, ab, b1].sort());
    expect((await w.watch.markSeen(study, undefined, 'site-a')).byStudy[study]?.slice().sort()).toEqual(
      [ab, b1].sort(),
    );
    expect(w.events.at(-1)).toEqual({ event: 'changes.unseen', payload: await w.watch.unseen() });
    await w.watch.markSeen(study, [b1]);
    expect(await now()).toEqual([ab]);
    await w.watch.flush();
    const again = watched(sirb, { file });
    expect((await again.watch.unseen()).byStudy[study]).toEqual([ab]);
    await again.watch.markSeen(study, undefined, '');
    expect((await again.watch.unseen()).byStudy[study]).toBeUndefined();
    w.watch.close();
  }, 60_000);

  it('writes its file atomically and bounded, and starts afresh from a damaged one', async () => {
    const folder = join(dir, 'bounded');
    const file = seenFile(folder, 'profile-3');
    const study = await sharedStudy();
    const w = watched(sirb, { file });
    await w.watch.refresh();
    for (let i = 0; i < 3; i++) await upload(site, study, 'many', `doc-${i}.pdf`, fx.sirb.org.id);
    await w.watch.refresh();
    await w.watch.flush();
    expect(await readdir(join(folder, 'changes'))).toEqual(['profile-3.json']); // no temp file left
    const state = JSON.parse(await readFile(file, 'utf8'));
    expect(state.studies[study].unseen).toHaveLength(3);
    expect(Object.keys(state.studies[study].known)).toHaveLength(3);
    w.watch.close();
    await writeFile(file, '{"version":1,"studies":');
    const damaged = watched(sirb, { file });
    await damaged.watch.refresh();
    expect(await damaged.watch.unseen()).toEqual({ byStudy: {} });
    damaged.watch.close();
  }, 60_000);
});
