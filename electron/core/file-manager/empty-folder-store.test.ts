// The empty-folder store keeps each profile's file in memory once read, in a real data folder:
// what changes through it is what the next listing sees, a profile forgotten starts empty under
// the same id, and the file on disk is what a new store (main restarted) reads.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmptyFolderStore, emptyFoldersFile } from './empty-folders.js';

const profile = 'a'.repeat(32);
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

  it('starts empty for a profile added again under an id it forgot', async () => {
    const store = new EmptyFolderStore(dir);
    await store.add(profile, study, 'Kept');
    expect(await store.list(profile, study)).toEqual(['Kept']);
    await store.forget(profile);
    expect(existsSync(emptyFoldersFile(dir, profile))).toBe(false);
    expect(await store.list(profile, study)).toEqual([]);
    expect(await store.add(profile, study, 'New one')).toEqual(['New one']);
    expect(JSON.parse(await readFile(emptyFoldersFile(dir, profile), 'utf8')).studies).toEqual({
      [study]: ['New one'],
    });
  });

  it('reads the file on disk when made again, as after a restart', async () => {
    const before = new EmptyFolderStore(dir);
    await before.add(profile, study, 'Kept');
    await before.add(profile, 'study-2', 'Other study');
    const after = new EmptyFolderStore(dir);
    expect(await after.list(profile, study)).toEqual(['Kept']);
    expect(await after.list(profile, 'study-2')).toEqual(['Other study']);
    // a damaged file keeps nothing, and the next change replaces it
    await writeFile(emptyFoldersFile(dir, profile), '{"version":1,"studies":');
    const damaged = new EmptyFolderStore(dir);
    expect(await damaged.list(profile, study)).toEqual([]);
    expect(await damaged.add(profile, study, 'Fresh')).toEqual(['Fresh']);
    expect(await new EmptyFolderStore(dir).list(profile, study)).toEqual(['Fresh']);
  });
});
