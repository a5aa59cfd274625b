import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore, type ProfileInput } from './profiles.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-profiles-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const input = (name: string): ProfileInput => ({
  name,
  environment: 'sandbox',
  baseUrl: 'http://localhost:8080',
  organizationId: 'a'.repeat(32),
  roleHints: { sirb: true },
  keyRef: 'b'.repeat(32),
});

describe('ProfileStore', () => {
  it('refuses plain http to any exchange not on this computer, one labelled "sandbox" too', async () => {
    const store = new ProfileStore(dir);
    await expect(
      store.add({ ...input('Prod'), environment: 'production', baseUrl: 'http://exchange.example.org' }),
    ).rejects.toMatchObject({ failure: 'invalid', message: expect.stringMatching(/https/) });
    await expect(
      store.add({ ...input('Test'), environment: 'test', baseUrl: 'http://10.1.2.3:8080' }),
    ).rejects.toMatchObject({ failure: 'invalid' });
    await expect(
      store.add({ ...input('Sandbox'), environment: 'sandbox', baseUrl: 'http://sandbox.internal:9000' }),
    ).rejects.toMatchObject({ failure: 'invalid', message: expect.stringMatching(/https/) });
    await expect(
      store.add({ ...input('Mapped'), environment: 'sandbox', baseUrl: 'http://[::ffff:127.0.0.1]:9000' }),
    ).rejects.toMatchObject({ failure: 'invalid' });
    expect(
      (await store.add({ ...input('Prod https'), environment: 'production', baseUrl: 'https://exchange.example.org' }))
        .baseUrl,
    ).toBe('https://exchange.example.org');
    expect(
      (await store.add({ ...input('Local test'), environment: 'test', baseUrl: 'http://127.0.0.1:8080' })).environment,
    ).toBe('test');
    const local = await store.add({
      ...input('Local sandbox'),
      environment: 'sandbox',
      baseUrl: 'http://localhost:9000',
    });
    // Changing the address keeps the rule too.
    await expect(store.update(local.id, { baseUrl: 'http://sandbox.internal:9000' })).rejects.toMatchObject({
      failure: 'invalid',
    });
  });

  it('adds, finds by id or name, updates and removes', async () => {
    const store = new ProfileStore(dir);
    expect(await store.list()).toEqual([]);
    const added = await store.add(input('Central IRB'));
    expect(added.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await store.get('central irb')).id).toBe(added.id);
    expect((await store.get(added.id)).name).toBe('Central IRB');
    const updated = await store.update(added.id, { environment: 'test', roleHints: { sirb: false, admin: true } });
    expect(updated.environment).toBe('test');
    expect(updated.createdAt).toBe(added.createdAt);
    // A second store on the same folder sees the same data (it is on disk).
    expect((await new ProfileStore(dir).get('Central IRB')).roleHints).toEqual({ sirb: false, admin: true });
    await store.remove(added.id);
    await expect(store.get('Central IRB')).rejects.toMatchObject({ failure: 'not-found' });
  });

  it('refuses duplicate names (case-insensitive) and invalid fields', async () => {
    const store = new ProfileStore(dir);
    await store.add(input('Site A'));
    await expect(store.add(input('SITE a'))).rejects.toMatchObject({ failure: 'duplicate-name' });
    await expect(store.add({ ...input('X'), baseUrl: 'ftp://x' })).rejects.toMatchObject({ failure: 'invalid' });
    await expect(store.add({ ...input('Y'), environment: 'staging' as never })).rejects.toMatchObject({
      failure: 'invalid',
    });
  });

  it('writes atomically and keeps concurrent adds', async () => {
    const store = new ProfileStore(dir);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((n) => store.add(input(n))));
    expect((await store.list()).map((p) => p.name).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const text = await readFile(store.file, 'utf8');
    expect(JSON.parse(text).version).toBe(1);
  });

  it('reports a damaged file instead of losing it', async () => {
    await writeFile(path.join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [{ name: 1 }] }));
    await expect(new ProfileStore(dir).list()).rejects.toMatchObject({ failure: 'invalid' });
  });
});
