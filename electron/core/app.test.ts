// The app core through the door, against the embedded sandbox exchange (a real reference
// server on loopback, real SQLite, real files): the journeys the window drives.
import { mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STUDIES } from './sandbox/sandbox-demo.js';
import { createDoor } from './ipc-door.js';
import type { AppCore } from './platform.js';
import { openAppCore, testPlatform, type CoreCall } from './test-support/app-core.js';

let dir: string;
let core: AppCore;
const opened: string[] = [];
const notes: string[] = [];
let call: CoreCall;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'app-core-'));
  const platform = testPlatform({
    openPath: async (p) => void opened.push(p),
    notify: (title) => void notes.push(title),
  });
  ({ core, call } = await openAppCore(join(dir, 'data'), platform));
}, 120_000);

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('app core on the embedded sandbox', () => {
  it('creates the sandbox on first start and opens as its sIRB', async () => {
    const profiles = await call('profiles.list', {});
    expect(profiles.map((p) => p.name).sort()).toEqual(
      [
        'Sandbox \u2014 Lakeside University',
        'Sandbox \u2014 Riverside Medical Center',
        'Sandbox \u2014 Sandbox Admin',
        'Sandbox \u2014 Sandbox IRB',
      ].sort(),
    );
    const active = profiles.find((p) => p.active);
    expect(active?.name).toBe('Sandbox \u2014 Sandbox IRB');
    expect(active?.roles).toContain('sirb');
    expect(active?.certificate.thumbprint).toMatch(/^[0-9a-f]{40}$/);
    const check = await call('connection.check', {});
    expect([check.ping.ok, check.site.ok, check.sirb.ok]).toEqual([true, true, true]);

    // The demo: two named studies, folders of documents and a record, sites invited, some shared.
    const demo = await call('containers.list', {});
    expect(demo.map((c) => c.title)).toEqual(DEMO_STUDIES.map((d) => d.fields.title));
    expect(demo[0]?.study?.principalInvestigator?.name).toBe('Dr. Maria Okafor');
    const items = await call('items.list', { containerId: demo[0]!.id });
    expect(items.some((i) => i.path === 'study')).toBe(false);
    expect(new Set(items.map((i) => i.path.split('/')[0]))).toEqual(
      new Set(['Protocol', 'Consent forms', 'Site documents']),
    );
    // Lakeside's folder: the demo's two documents and the three of the binder it has sent (sandbox-binder.ts)
    expect(items.filter((i) => i.path.startsWith('Site documents/Lakeside University/'))).toHaveLength(5);
    // Riverside has received the consent form (its receipt is in the demo), Lakeside not yet.
    const report = await call('receipts.report', { containerId: demo[0]!.id });
    const consentRow = report.rows.find((r) => r.name === 'informed-consent-v3.pdf')!;
    expect(consentRow.cells.map((c) => c && [c.organizationName, c.state])).toEqual([
      ['Lakeside University', 'none'],
      ['Riverside Medical Center', 'this'],
    ]);
    const lakeside = profiles.find((p) => p.name.endsWith('Lakeside University'))!;
    await call('profiles.switch', { profileId: lakeside.id });
    const seen = await call('containers.list', {});
    expect(seen.map((c) => c.title)).toEqual([DEMO_STUDIES[0]!.fields.title]);
    // Lakeside reads what was shared with it, not the draft nor Riverside's folder.
    const visible = await call('items.list', { containerId: seen[0]!.id });
    const headers = await call('items.headers', { containerId: seen[0]!.id, itemPaths: visible.map((i) => i.path) });
    const readable = headers
      .filter((h) => h.decryptedHeader)
      .map((h) => String(h.decryptedHeader?.fileName ?? h.decryptedHeader?.name))
      .sort();
    expect(readable).toEqual(
      [
        // its own binder documents (sandbox-binder.ts)
        '1-gcp-training-rivera.pdf',
        '1-pi-cv.pdf',
        '1-reliance-agreement.pdf',
        'Site activation: Lakeside University',
        'delegation-log.xlsx',
        'informed-consent-v3.pdf',
        'protocol-2025-031-amendment-1.docx',
        'protocol-2025-031-v2.pdf',
      ].sort(),
    );
    // Find in all studies: Lakeside finds what it can read, with its study and folder.
    // the window asks again while main is still reading headers
    const findAll = async (query: string) => {
      for (let answer = await call('search.find', { query }); ; answer = await call('search.find', { query }))
        if (!answer.indexing) return answer.hits;
    };
    const found = await findAll('delegation');
    expect(found.map((h) => [h.name, h.studyTitle, h.folder])).toEqual([
      ['delegation-log.xlsx', DEMO_STUDIES[0]!.fields.title, 'Site documents/Lakeside University'],
    ]);
    await call('profiles.switch', { profileId: active!.id });
    const all = await findAll('informed consent');
    expect(all.map((h) => h.studyTitle).sort()).toEqual(DEMO_STUDIES.map((d) => d.fields.title).sort());
  });

  it('keeps no private key in clear anywhere in the data folder', async () => {
    const files = (await readdir(join(dir, 'data'), { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const e of files) {
      const f = join(e.parentPath, e.name);
      const text = await readFile(f, 'latin1');
      expect(text.includes('PRIVATE KEY'), f).toBe(false);
    }
  });

  it('runs the two-organization journey: create, invite, upload, grant, switch, download, revoke', async () => {
    const title = 'Protocol 2026-114: Sleep and Recovery';
    const study = await call('containers.create', { title, principalInvestigator: { name: 'Dr. Ada Reyes' } });
    expect(study.ownedByMe).toBe(true);
    expect(study.ownerName).toBe('Sandbox IRB');
    expect(study.title).toBe(title);
    expect(study.study?.principalInvestigator).toEqual({ name: 'Dr. Ada Reyes' });
    const profiles = await call('profiles.list', {});
    const site = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    const irb = profiles.find((p) => p.active)!;
    const members = await call('collaborators.add', { containerId: study.id, organizationId: site.organizationId });
    expect(members.collaborators.map((m) => m.id)).toEqual([irb.organizationId, site.organizationId]);

    const bytes = randomBytes(300_000);
    const local = join(dir, 'protocol v3.pdf');
    await writeFile(local, bytes);
    const ref = core.registerFile({ path: local, relativePath: 'protocol v3.pdf', size: bytes.length });
    const [t] = await call('transfers.upload', {
      containerId: study.id,
      folder: 'protocols',
      files: [{ ref: ref.ref, relativePath: 'protocol v3.pdf' }],
    });
    expect(t?.state).toMatch(/queued|running/);
    for (
      let i = 0;
      i < 200 && (await call('transfers.list', {})).some((x) => x.state !== 'verified' && x.state !== 'failed');
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const done = (await call('transfers.list', {})).find((x) => x.id === t!.id);
    expect(done?.state).toBe('verified');

    const items = await call('items.list', { containerId: study.id });
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item.path).toMatch(/^protocols\/[0-9a-f]{32}$/);
    const [withHeader] = await call('items.headers', { containerId: study.id, itemPaths: [item.id] });
    expect(withHeader?.decryptedHeader).toMatchObject({
      type: 'document',
      fileName: 'protocol v3.pdf',
      mediaType: 'application/pdf',
      size: bytes.length,
    });

    const preview = await call('access.preview', { containerId: study.id, organizationId: site.organizationId });
    expect(preview.thumbprintMatches).toBe(true);
    expect(preview.certificate?.subject).toContain('Riverside Medical Center');
    const granted = await call('access.grant', {
      containerId: study.id,
      itemPaths: [item.path],
      organizationIds: [site.organizationId],
    });
    expect(granted.every((g) => g.ok)).toBe(true);
    const [counted] = await call('items.headers', { containerId: study.id, itemPaths: [item.path] });
    expect(counted?.accessCount).toBe(1);
    const details = await call('items.details', { containerId: study.id, itemPath: item.path });
    expect(details.access.map((o) => o.id)).toEqual([irb.organizationId, site.organizationId]);

    await call('profiles.switch', { profileId: site.id });
    // The invited site sees the study by its title; the record is not one of its documents.
    expect((await call('containers.list', {})).find((c) => c.id === study.id)?.title).toBe(title);
    const seen = await call('items.list', { containerId: study.id });
    expect(seen.map((i) => i.path)).toEqual([item.path]);
    const outcome = await call('transfers.download', { containerId: study.id, itemPath: item.path, mode: 'open' });
    expect(outcome.kind).toBe('opened');
    if (outcome.kind === 'opened') expect(await readFile(outcome.path)).toEqual(bytes);
    expect(opened).toHaveLength(1);

    await call('profiles.switch', { profileId: irb.id });
    await call('access.revoke', {
      containerId: study.id,
      itemPaths: [item.path],
      organizationIds: [site.organizationId],
    });
    await call('profiles.switch', { profileId: site.id });
    expect(await call('items.list', { containerId: study.id })).toEqual([]);
    await call('profiles.switch', { profileId: irb.id });

    const log = await call('activity.list', {});
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['create-study', 'invite', 'upload', 'grant', 'download', 'revoke']),
    );
    // The log names the study by its title.
    expect(log.filter((e) => e.study === title).map((e) => e.action)).toEqual(
      expect.arrayContaining(['create-study', 'invite', 'upload', 'grant', 'revoke']),
    );

    // "Study details…": the owner renames it; the site sees the new title; a removed site loses the record.
    const edited = await call('containers.updateStudy', {
      containerId: study.id,
      title: 'Sleep and Recovery (amended)',
      sponsor: 'NIH',
    });
    expect(edited).toMatchObject({
      title: 'Sleep and Recovery (amended)',
      study: { title: 'Sleep and Recovery (amended)', sponsor: 'NIH' },
    });
    expect(edited.study?.principalInvestigator).toBeUndefined();
    await call('profiles.switch', { profileId: site.id });
    expect((await call('containers.list', {})).find((c) => c.id === study.id)?.title).toBe(
      'Sleep and Recovery (amended)',
    );
    await call('profiles.switch', { profileId: irb.id });
    await expect(call('containers.updateStudy', { containerId: study.id, title: '   ' })).rejects.toThrow();
    const { csv } = await call('activity.exportCsv', {});
    expect(csv.split('\r\n')[0]).toBe('time,profile,action,ok,study,item,organization,detail');
    expect(csv).toContain('protocol');
    // Uploads and grants are named by the document, not by its generated path.
    expect(log.find((e) => e.action === 'upload')?.item).toBe('protocol v3.pdf');
    expect(log.find((e) => e.action === 'grant')?.item).toBe('protocol v3.pdf');
  });

  it('sends a record to the window cut to the depth it shows, and refuses one over 4 MiB naming its size', async () => {
    const irb = (await call('profiles.list', {})).find((p) => p.roles.includes('sirb'))!;
    await call('profiles.switch', { profileId: irb.id });
    const study = await call('containers.create', { title: 'Hostile records' });
    const deep = JSON.parse(`{"visit":1,"deep":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`) as unknown;
    await call('items.writeRecord', {
      containerId: study.id,
      itemPath: 'records/deep',
      header: { type: 'visit', version: '1' },
      content: deep,
    });
    const shown = await call('items.readRecord', { containerId: study.id, itemPath: 'records/deep' });
    let levels = 0;
    for (
      let v: unknown = (shown.content as { deep: unknown }).deep;
      v !== null && typeof v === 'object';
      v = (v as { a: unknown }).a
    )
      levels++;
    expect(levels).toBeLessThan(20);
    // Electron's answer is a structured clone: the cut content must survive one.
    expect(structuredClone(shown.content)).toEqual(shown.content);

    await call('items.writeRecord', {
      containerId: study.id,
      itemPath: 'records/huge',
      header: { type: 'visit', version: '1' },
      content: { rows: Array.from({ length: 700_000 }, (_, i) => i) },
    });
    await expect(call('items.readRecord', { containerId: study.id, itemPath: 'records/huge' })).rejects.toThrow(
      /"code":"too-large".*The record is 4\.\d MiB; records over 4\.0 MiB are not shown/,
    );
  });

  it('clears one tab of the transfers panel and leaves the others', async () => {
    const study = await call('containers.create', { title: 'Transfers study' });
    const local = join(dir, 'minutes.txt');
    await writeFile(local, 'minutes of the kick-off meeting');
    const good = core.registerFile({ path: local, relativePath: 'minutes.txt', size: 31 });
    // A file that is gone by the time the queue reads it: the upload fails.
    const gone = core.registerFile({ path: join(dir, 'deleted.txt'), relativePath: 'deleted.txt', size: 10 });
    const started = await call('transfers.upload', {
      containerId: study.id,
      folder: '',
      files: [
        { ref: good.ref, relativePath: 'minutes.txt' },
        { ref: gone.ref, relativePath: 'deleted.txt' },
      ],
    });
    const ids = started.map((t) => t.id);
    const settled = async () => (await call('transfers.list', {})).filter((t) => ids.includes(t.id));
    for (let i = 0; i < 200 && (await settled()).some((t) => t.state !== 'verified' && t.state !== 'failed'); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await settled()).map((t) => t.state)).toEqual(['verified', 'failed']);

    // Clear is the active profile's: what another profile moved earlier in this file stays
    const active = (await call('profiles.list', {})).find((p) => p.active)!.id;
    const own = (list: readonly { profileId?: string; state: string }[]) => list.filter((t) => t.profileId === active);
    const afterCompleted = await call('transfers.clear', { states: ['verified'] });
    expect(own(afterCompleted).filter((t) => t.state === 'verified')).toEqual([]);
    expect(afterCompleted.find((t) => t.id === ids[1])?.state).toBe('failed');
    const afterFailed = await call('transfers.clear', { states: ['failed', 'cancelled'] });
    expect(own(afterFailed).filter((t) => t.state === 'failed' || t.state === 'cancelled')).toEqual([]);
    expect(afterFailed.some((t) => ids.includes(t.id))).toBe(false);
  });

  it("imports a profile's trust anchors from a PEM bundle, refusing a certificate that is not a CA", async () => {
    const { createCertificateAuthority, issueIdentity } = await import('../../shared/protocol/certificates.js');
    const active = (await call('profiles.list', {})).find((p) => p.active)!;
    const door = createDoor({ handlers: core.handlers, isTrustedSender: () => true });
    const refused = await door.call({ url: 'app://test' }, 'profiles.setTrustAnchors', {
      profileId: active.id,
      certificatesPem: issueIdentity('Leaf').certificatePem,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid-certificate', explanation: expect.stringContaining('not a certificate authority') },
    });
    const bundle = `${createCertificateAuthority('Root A').certificatePem}${createCertificateAuthority('Root B').certificatePem}`;
    const updated = await call('profiles.setTrustAnchors', { profileId: active.id, certificatesPem: bundle });
    expect(updated.trustAnchorCount).toBe(2);
    expect((await call('profiles.list', {})).find((p) => p.id === active.id)?.trustAnchorCount).toBe(2);
    // The sandbox profile still trusts the sandbox's own CA as well: the journey's grants keep working.
    expect((await call('connection.check', {})).ping.ok).toBe(true);
  });

  it('shows the service refusal as data: a pSite cannot create a study', async () => {
    const site = (await call('profiles.list', {})).find((p) => p.name.endsWith('Lakeside University'))!;
    await call('profiles.switch', { profileId: site.id });
    const door = createDoor({ handlers: core.handlers, isTrustedSender: () => true });
    const r = await door.call({ url: 'app://test' }, 'containers.create', { title: 'Not allowed' });
    expect(r).toMatchObject({ ok: false, error: { code: 2007, status: 403 } });
    if (!r.ok) {
      expect(r.error.requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(r.error.explanation).toContain('not allowed');
    }
  });

  it("closes a window's open listings when its page goes (closeListingsOf) and all of them on a profile switch", async () => {
    const door = createDoor({ handlers: core.handlers, isTrustedSender: () => true });
    const [irb] = (await call('profiles.list', {})).filter((p) => p.name.endsWith('Sandbox IRB'));
    await call('profiles.switch', { profileId: irb!.id });
    const studyId = (await call('containers.list', {}))[0]!.id;
    const open = async (window: string): Promise<string> => {
      const r = await door.call({ url: 'app://test', id: window }, 'items.listOpen', { containerId: studyId });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      return (r.value as { listingId: string }).listingId;
    };
    const next = (listingId: string) => door.call({ url: 'app://test', id: 'w' }, 'items.listNext', { listingId });
    const [reloaded, other] = [await open('window-1'), await open('window-2')];
    core.closeListingsOf('window-1');
    expect(await next(reloaded)).toMatchObject({ ok: false, error: { code: 'listing-gone' } });
    const beforeSwitch = await open('window-1');
    await call('profiles.switch', { profileId: irb!.id });
    for (const id of [other, beforeSwitch])
      expect(await next(id)).toMatchObject({ ok: false, error: { code: 'listing-gone' } });
  });
});
