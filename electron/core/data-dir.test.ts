// The data folder and the folders below it that hold keys, seen state, collaborators, pins,
// receipts and the sandbox's exchange are this user's only, even when they existed before with
// a wider mode; folders the app makes later for its data are private from the start.
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeJsonAtomic } from '../services/atomic-file.js';
import { PRIVATE_FOLDERS, securePrivateFolders } from './data-dir.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('securePrivateFolders', () => {
  it('makes an existing data folder and its private folders 0700, and leaves the rest', async () => {
    dir = await mkdtemp(join(tmpdir(), 'data-dir-'));
    const data = join(dir, 'Study Exchange Desktop');
    await mkdir(data, { mode: 0o755 });
    await chmod(data, 0o755);
    for (const folder of [...PRIVATE_FOLDERS, 'open-copies-elsewhere']) {
      await mkdir(join(data, folder), { recursive: true });
      await chmod(join(data, folder), 0o755);
    }
    await writeFile(join(data, 'keys', 'a.key'), 'x', { mode: 0o600 });

    await securePrivateFolders(data);
    expect(await modeOf(data)).toBe(0o700);
    for (const folder of PRIVATE_FOLDERS) expect([folder, await modeOf(join(data, folder))]).toEqual([folder, 0o700]);
    expect(await modeOf(join(data, 'open-copies-elsewhere'))).toBe(0o755);
    expect(await modeOf(join(data, 'keys', 'a.key'))).toBe(0o600);
  });

  it('makes a missing data folder 0700 and does not make the folders below it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'data-dir-'));
    const data = join(dir, 'new', 'data');
    await securePrivateFolders(data);
    expect(await modeOf(data)).toBe(0o700);
    await expect(stat(join(data, 'keys'))).rejects.toMatchObject({ code: 'ENOENT' });
    // made later for the app's data: private from the start
    await writeJsonAtomic(join(data, 'changes', 'p.json'), {});
    expect(await modeOf(join(data, 'changes'))).toBe(0o700);
  });
});
