import { mkdir, readdir, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClearCopies, MAX_COPY_AGE_MS, sweepRekeyFolders } from './clear-copies.js';
import { tempDirPerTest } from '../../services/test-support/temp-dir.js';

const dir = tempDirPerTest('clear-copies');

describe('the folder of decrypted copies', () => {
  it('is owner-only and gives each copy its own owner-only slot', async () => {
    const copies = new ClearCopies(join(dir(), 'copies'));
    await copies.start();
    expect((await stat(copies.root)).mode & 0o777).toBe(0o700);
    const slot = await copies.newSlot();
    expect((await stat(slot)).mode & 0o777).toBe(0o700);
    expect(slot.startsWith(copies.root)).toBe(true);
    await copies.close();
  });

  it('removes what a crashed run left, at the next start', async () => {
    const root = join(dir(), 'copies');
    await mkdir(join(root, '1-left'), { recursive: true });
    await writeFile(join(root, '1-left', 'consent.pdf'), 'decrypted');
    await writeFile(join(root, 'stray.pdf'), 'decrypted');
    const copies = new ClearCopies(root);
    await copies.start();
    expect(await readdir(root)).toEqual([]);
    await copies.close();
  });

  it('removes everything on quit', async () => {
    const copies = new ClearCopies(join(dir(), 'copies'));
    await copies.start();
    await writeFile(join(await copies.newSlot(), 'a.pdf'), 'decrypted');
    await writeFile(join(await copies.newSlot(), 'b.pdf'), 'decrypted');
    await copies.close();
    expect(await readdir(copies.root)).toEqual([]);
  });

  it('removes slots older than 24 hours while running, and keeps younger ones', async () => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const copies = new ClearCopies(join(dir(), 'copies'), MAX_COPY_AGE_MS, () => now);
    await copies.start();
    const old = await copies.newSlot();
    await writeFile(join(old, 'old.pdf'), 'decrypted');
    now += 20 * 60 * 60 * 1000;
    const young = await copies.newSlot();
    now += 4 * 60 * 60 * 1000;
    expect(await copies.sweep()).toBe(1);
    await expect(stat(old)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(young)).isDirectory()).toBe(true);
    await copies.close();
  });

  it('removes one copy with its slot, and nothing outside the folder', async () => {
    const copies = new ClearCopies(join(dir(), 'copies'));
    await copies.start();
    const file = join(await copies.newSlot(), 'a.pdf');
    await writeFile(file, 'decrypted');
    const outside = join(dir(), 'keep.pdf');
    await writeFile(outside, 'mine');
    await copies.remove(file);
    await copies.remove(outside);
    await copies.remove(join(copies.root, '..', 'keep.pdf'));
    expect(await readdir(copies.root)).toEqual([]);
    expect((await stat(outside)).isFile()).toBe(true);
    await copies.close();
  });

  it('refuses a link planted where the folder should be', async () => {
    await mkdir(join(dir(), 'elsewhere'));
    await symlink(join(dir(), 'elsewhere'), join(dir(), 'copies'));
    await expect(new ClearCopies(join(dir(), 'copies')).start()).rejects.toThrow(/not a folder the app owns/);
  });

  it("sweeps the re-key folders a crashed process left (its pid gone, or none named), not a running one's", async () => {
    const tmp = join(dir(), 'tmp');
    await mkdir(tmp);
    // A pid no process has: above the kernel's largest (4194304).
    const crashed = join(tmp, 'sx-rekey-4194305-abc123');
    const running = join(tmp, `sx-rekey-${process.pid}-def456`);
    const earlier = join(tmp, 'sx-rekey-Xy12Zq');
    const earlierFresh = join(tmp, 'sx-rekey-Ab34Cd');
    for (const folder of [crashed, running, earlier, earlierFresh]) {
      await mkdir(folder);
      await writeFile(join(folder, 'document'), 'decrypted');
    }
    // An earlier version's folder names no process: an hour old, it is a crash's.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(earlier, twoHoursAgo, twoHoursAgo);
    await writeFile(join(tmp, 'sx-rekey-notes.txt'), 'a file, not a folder of ours');
    await mkdir(join(tmp, 'other-folder'));
    expect(await sweepRekeyFolders(tmp)).toBe(2);
    expect((await readdir(tmp)).sort()).toEqual(
      ['other-folder', 'sx-rekey-Ab34Cd', `sx-rekey-${process.pid}-def456`, 'sx-rekey-notes.txt'].sort(),
    );
  });
});
