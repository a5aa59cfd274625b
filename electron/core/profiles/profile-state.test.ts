// A profile's state in the data folder goes with it: removed in Settings, or by Reset sandbox, its
// New/Changes state, collaborators' certificates, receipts queue, empty folders and backup-notice dismissal are
// deleted, and another profile's stay. The app core through the door on the embedded sandbox.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../platform.js';
import { openAppCore, type CoreCall } from '../test-support/app-core.js';

let dir: string;
let data: string;
let core: AppCore;
let call: CoreCall;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-state-'));
  data = join(dir, 'data');
  ({ core, call } = await openAppCore(data));
}, 120_000);
afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

const filesOf = (profileId: string) =>
  ['changes', 'collaborators', 'receipts', 'empty-folders'].map((folder) => join(data, folder, `${profileId}.json`));
const dismissed = async () =>
  Object.keys(JSON.parse(await readFile(join(data, 'notices.json'), 'utf8')).backup as Record<string, string>);

/** Only the sIRB, who shares documents and has studies of its own, is sure to have these. */
const sirbOnly = (file: string) => file.includes('collaborators') || file.includes('empty-folders');

/** Gives the profile each kind of state: New/Changes, collaborators' certificates, receipts queue, an empty folder (with a study), a dismissal. */
async function useProfile(profileId: string): Promise<void> {
  await call('profiles.switch', { profileId });
  await call('changes.setVisible', { visible: true });
  await call('changes.refresh', {});
  await call('changes.setVisible', { visible: false });
  await call('receipts.setSending', { sending: false });
  await call('certificates.changes', { fresh: true });
  await call('notices.dismissBackup', { profileId });
  const [study] = await call('containers.list', {});
  if (study) await call('folders.addEmpty', { profileId, containerId: study.id, folderPath: 'Kept' });
}

describe('a profile removed', () => {
  it('takes its files and its notice dismissal with it, active or not; the others keep theirs', async () => {
    const profiles = await call('profiles.list', {});
    const sirb = profiles.find((p) => p.name.endsWith('Sandbox IRB'))!;
    const site = profiles.find((p) => p.name.endsWith('Lakeside University'))!;
    const other = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    for (const p of [site, other, sirb]) await useProfile(p.id);
    // Each has its New state and receipts queue; the sIRB, who shares documents, its collaborators' certificates.
    for (const p of [site, other, sirb])
      for (const f of filesOf(p.id)) if (p === sirb || !sirbOnly(f)) expect(existsSync(f), f).toBe(true);
    expect((await dismissed()).sort()).toEqual([site.id, other.id, sirb.id].sort());

    // Lakeside is not the active profile (its session stays open for transfers): removed all the same.
    await call('profiles.remove', { profileId: site.id });
    for (const f of filesOf(site.id)) expect(existsSync(f), f).toBe(false);
    expect((await dismissed()).sort()).toEqual([other.id, sirb.id].sort());
    expect((await call('notices.list', {})).backupDismissed.sort()).toEqual([other.id, sirb.id].sort());

    // The active one: the same.
    await call('profiles.remove', { profileId: sirb.id });
    for (const f of filesOf(sirb.id)) expect(existsSync(f), f).toBe(false);
    expect(await dismissed()).toEqual([other.id]);
    for (const f of filesOf(other.id).filter((f) => !sirbOnly(f))) expect(existsSync(f), f).toBe(true);
  }, 120_000);

  it('by Reset sandbox: every sandbox profile\u2019s files go, the new ones start clean', async () => {
    const before = await call('profiles.list', {});
    const other = before.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    const after = await call('sandbox.reset', {});
    for (const f of filesOf(other.id)) expect(existsSync(f), f).toBe(false);
    expect(await dismissed()).toEqual([]);
    expect((await call('notices.list', {})).backupDismissed).toEqual([]);
    expect(after.map((p) => p.id)).not.toContain(other.id);
  }, 180_000);
});
