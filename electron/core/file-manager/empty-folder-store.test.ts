// The empty-folder store keeps each profile's file in memory once read, in a real data folder:
// what changes through it is what the next listing sees, a removed profile's file is never
// written again (whatever was still running for it), a change that changes nothing writes
// nothing, the file on disk is what a new store (main restarted) reads, and a file that cannot be
// read is never written over.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeProfileFiles } from '../profiles/profile-state.js';
import { EmptyFolderStore, emptyFoldersFile } from './empty-folders.js';

const profile = 'a'.repeat(32);
const other = 'b'.repeat(32);
const study = 'study-1';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'empty-folder-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs a listing of `paths` and returns what the store keeps after it. */
async function listing(store: EmptyFolderStore, paths: string[]): Promise<string[]> {
  const watch = await store.listingWatch(profile, study);
  watch?.see(paths);
  await watch?.done();
  return store.list(profile, study);
}

describe('the empty-folder store', () => {
  it('shows the next listing what was changed through it', async () => {
    const store = new EmptyFolderStore(dir);
    expect(await store.listingWatch(profile, study)).toBeUndefined();
    await store.add(profile, study, 'Drafts');
    await store.add(profile, study, 'Visits/2026');
    expect(await listing(store, ['Visits/2026/report.pdf'])).toEqual(['Drafts']);
    await store.adopt(profile, study, ['Later']);
    expect(await listing(store, ['Later/a.pdf', 'elsewhere.pdf'])).toEqual(['Drafts']);
    await store.remove(profile, study, ['Drafts']);
    expect(await store.listingWatch(profile, study)).toBeUndefined();
    // each change written through to the file
    expect(JSON.parse(await readFile(emptyFoldersFile(dir, profile), 'utf8'))).toEqual({ version: 1, studies: {} });
  });

  it('forgets a removed profile for good: a listing ending late or a later change writes nothing back', async () => {
    const store = new EmptyFolderStore(dir);
    const file = emptyFoldersFile(dir, profile);
    await store.add(profile, study, 'Kept');
    const late = await store.listingWatch(profile, study);
    late!.see(['Kept/report.pdf']);
    await store.forget(profile);
    // the profile's removal deletes its files (removeProfileFiles), not the store
    expect(existsSync(file)).toBe(true);
    expect(await store.list(profile, study)).toEqual([]);
    await removeProfileFiles(dir, profile);
    await late!.done();
    expect(existsSync(file)).toBe(false);
    await expect(store.add(profile, study, 'After')).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.adopt(profile, study, ['After'])).rejects.toMatchObject({ code: 'not-found' });
    expect(existsSync(file)).toBe(false);
    expect(await store.listingWatch(profile, study)).toBeUndefined();
    // another profile is not touched
    expect(await store.add(other, study, 'Theirs')).toEqual(['Theirs']);
  });

  it('lets a change asked before the profile was forgotten end first, and refuses one asked after', async () => {
    const store = new EmptyFolderStore(dir);
    const file = emptyFoldersFile(dir, profile);
    const writing = store.add(profile, study, 'Written');
    const forgetting = store.forget(profile);
    const queued = store.add(profile, study, 'Asked later');
    await forgetting;
    // the write ended before forget did: deleting the file now is final
    expect(await writing).toEqual(['Written']);
    await expect(queued).rejects.toMatchObject({ code: 'not-found' });
    expect(JSON.parse(await readFile(file, 'utf8')).studies).toEqual({ [study]: ['Written'] });
    await removeProfileFiles(dir, profile);
    expect(existsSync(file)).toBe(false);
  });

  it('writes only a change that changes something', async () => {
    const store = new EmptyFolderStore(dir);
    const file = emptyFoldersFile(dir, profile);
    expect(await store.remove(profile, study, ['Nope'])).toEqual([]);
    expect(await store.adopt(profile, study, [])).toEqual([]);
    expect(existsSync(file)).toBe(false);
    await store.add(profile, study, 'B');
    await store.add(profile, study, 'A');
    const written = (await stat(file)).ino; // each write renames a new file into place
    expect(await store.remove(profile, study, ['Nope'])).toEqual(['A', 'B']);
    expect(await store.adopt(profile, study, ['B', 'A'])).toEqual(['A', 'B']);
    expect(await store.add(profile, study, 'A')).toEqual(['A', 'B']);
    expect((await stat(file)).ino).toBe(written);
  });

  it('reads the file on disk when made again, as after a restart', async () => {
    const before = new EmptyFolderStore(dir);
    await before.add(profile, study, 'Kept');
    await before.add(profile, 'study-2', 'Other study');
    const after = new EmptyFolderStore(dir);
    expect(await after.list(profile, study)).toEqual(['Kept']);
    expect(await after.list(profile, 'study-2')).toEqual(['Other study']);
    // a damaged file (not JSON, or not the schema's) keeps nothing, and the next change replaces it
    for (const damage of ['{"version":1,"studies":', '{"version":2,"studies":{}}']) {
      await writeFile(emptyFoldersFile(dir, profile), damage);
      const damaged = new EmptyFolderStore(dir);
      expect(await damaged.list(profile, study)).toEqual([]);
      expect(await damaged.add(profile, study, 'Fresh')).toEqual(['Fresh']);
      expect(await new EmptyFolderStore(dir).list(profile, study)).toEqual(['Fresh']);
    }
  });
  it('refuses a change while the file cannot be read (not absent, not damaged), and lists items without it', async () => {
    const file = emptyFoldersFile(dir, profile);
    await new EmptyFolderStore(dir).add(profile, study, 'Kept');
    // a real read error other than absent: the path is a folder (EISDIR)
    await rename(file, `${file}.aside`);
    await mkdir(file);
    const store = new EmptyFolderStore(dir);
    const unreadable = { code: 'data-unreadable', message: expect.stringMatching(/EISDIR/) };
    await expect(store.add(profile, 'study-2', 'New')).rejects.toMatchObject(unreadable);
    await expect(store.remove(profile, study, ['Kept'])).rejects.toMatchObject(unreadable);
    // the window's kept folders show the error (with Retry); an item listing goes on without them
    await expect(store.list(profile, study)).rejects.toMatchObject(unreadable);
    expect(await store.listingWatch(profile, study)).toBeUndefined();
    // nothing was written in its place
    expect((await stat(file)).isDirectory()).toBe(true);
    expect(await readdir(join(dir, 'empty-folders'))).toEqual([`${profile}.json`, `${profile}.json.aside`]);
    // once it reads again, what it held is there (the failure was not kept as "none")
    await rm(file, { recursive: true });
    await rename(`${file}.aside`, file);
    expect(await store.add(profile, 'study-2', 'New')).toEqual(['New']);
    expect(await new EmptyFolderStore(dir).list(profile, study)).toEqual(['Kept']);
  });
});
