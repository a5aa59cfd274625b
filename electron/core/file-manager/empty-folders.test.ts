// New folder's empty folders kept by main (folders.*), through the door of the app core on its
// embedded sandbox exchange, in a real data folder: per profile and per study, refused for a
// profile that is not the active one, bounded per study, handed over once from the window's
// storage, forgotten when removed (with those below) or once a listing has items in them, never
// written over while their file cannot be read (the listing goes on without them), and still there
// after main restarts.
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EMPTY_FOLDERS } from '../../../shared/file-manager/empty-folders.js';
import type { IpcResult, OperationArgs, OperationName } from '../../../shared/ipc/contract.js';
import { createDoor } from '../ipc-door.js';
import type { AppCore } from '../platform.js';
import { openAppCore, scratchAppCore, type CoreCall, type ScratchAppCore } from '../test-support/app-core.js';
import { emptyFoldersFile } from './empty-folders.js';

let scratch: ScratchAppCore;
let core: AppCore;
let call: CoreCall;
let sirb: string;
let site: string;
let study: string;
let other: string;

/** The door's answer as data (refusals included). */
const ask = <N extends OperationName>(name: N, args: OperationArgs<N>): Promise<IpcResult<unknown>> =>
  createDoor({ handlers: core.handlers, isTrustedSender: () => true }).call({ url: 'app://test' }, name, args);
const refusal = async <N extends OperationName>(name: N, args: OperationArgs<N>): Promise<string> => {
  const r = await ask(name, args);
  if (r.ok) throw new Error(`${name} was not refused`);
  return String(r.error.code);
};

beforeAll(async () => {
  scratch = await scratchAppCore('empty-folders-');
  ({ core, call } = scratch);
  const profiles = await call('profiles.list', {});
  sirb = profiles.find((p) => p.name.endsWith('Sandbox IRB'))!.id;
  site = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!.id;
  await call('profiles.switch', { profileId: sirb });
  const studies = await call('containers.list', {});
  expect(studies.length).toBeGreaterThan(1);
  study = studies[0]!.id;
  other = studies[1]!.id;
}, 180_000);
afterAll(async () => {
  await scratch?.close();
});

describe('empty folders kept by main', () => {
  it('keeps them per profile and study, checked and in slash form; removes a folder with those below it', async () => {
    expect(await call('folders.listEmpty', { profileId: sirb, containerId: study })).toEqual([]);
    await call('folders.addEmpty', { profileId: sirb, containerId: study, folderPath: 'Monitoring visits' });
    await call('folders.addEmpty', { profileId: sirb, containerId: study, folderPath: 'Monitoring visits|2026' });
    const kept = await call('folders.addEmpty', { profileId: sirb, containerId: study, folderPath: 'Protocol/Drafts' });
    expect(kept).toEqual(['Monitoring visits', 'Monitoring visits/2026', 'Protocol/Drafts']);
    // the same again changes nothing
    expect(
      await call('folders.addEmpty', { profileId: sirb, containerId: study, folderPath: 'Protocol|Drafts' }),
    ).toEqual(kept);
    expect(await call('folders.listEmpty', { profileId: sirb, containerId: other })).toEqual([]);

    // on disk, readable by this user only, as the profile's other state
    const file = emptyFoldersFile(join(scratch.dir, 'data'), sirb);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(scratch.dir, 'data', 'empty-folders'))).mode & 0o777).toBe(0o700);

    // removing a folder forgets the kept ones below it too
    expect(
      await call('folders.removeEmpty', { profileId: sirb, containerId: study, folderPaths: ['Monitoring visits'] }),
    ).toEqual(['Protocol/Drafts']);
  });

  it('refuses at the door what is not a folder New folder makes, and past the bound', async () => {
    const base = { profileId: sirb, containerId: study };
    for (const folderPath of [
      '',
      '..',
      'a//b',
      'a/./b',
      'tab\there',
      'evil\u202egpj.exe', // a bidi override in its own name
      'trailing dot.',
      Array.from({ length: 12 }, (_, i) => `s${i}`).join('/'), // no room left for a document
      'x'.repeat(201),
    ])
      expect([folderPath, await refusal('folders.addEmpty', { ...base, folderPath })]).toEqual([
        folderPath,
        'invalid-argument',
      ]);
    expect(await refusal('folders.addEmpty', { ...base, containerId: 'not-a-study', folderPath: 'a' })).toBe(
      'invalid-argument',
    );
    expect(
      await refusal('folders.addEmpty', {
        ...base,
        folderPath: 'a',
        sneaky: true,
      } as OperationArgs<'folders.addEmpty'>),
    ).toBe('invalid-argument');
    expect(await refusal('folders.removeEmpty', { ...base, folderPaths: [] })).toBe('invalid-argument');
    expect(await refusal('folders.removeEmpty', { ...base, folderPaths: ['a/../b'] })).toBe('invalid-argument');
    const tooMany = Array.from({ length: MAX_EMPTY_FOLDERS + 1 }, (_, i) => `f${i}`);
    expect(await refusal('folders.adoptEmpty', { ...base, folderPaths: tooMany })).toBe('invalid-argument');

    // a folder below another organization's (uncleaned) folder name is kept: only its own name is New folder's
    expect(await call('folders.addEmpty', { ...base, folderPath: 'Their  folder /Mine' })).toContain(
      'Their  folder /Mine',
    );
    await call('folders.removeEmpty', { ...base, folderPaths: ['Their  folder '] });

    // the bound: as many as fit are adopted; one more New folder is refused
    const adopted = await call('folders.adoptEmpty', { ...base, folderPaths: tooMany.slice(0, MAX_EMPTY_FOLDERS) });
    expect(adopted).toHaveLength(MAX_EMPTY_FOLDERS);
    expect(adopted).toContain('Protocol/Drafts');
    expect(await refusal('folders.addEmpty', { ...base, folderPath: 'one more' })).toBe('too-many-folders');
    await call('folders.removeEmpty', { ...base, folderPaths: tooMany.slice(0, MAX_EMPTY_FOLDERS) });
    expect(await call('folders.listEmpty', base)).toEqual(['Protocol/Drafts']);
  });

  it('keeps another profile\u2019s apart, and refuses a profile that is not the active one', async () => {
    await call('profiles.switch', { profileId: site });
    expect(await refusal('folders.listEmpty', { profileId: sirb, containerId: study })).toBe('profile-switched');
    expect(await refusal('folders.adoptEmpty', { profileId: sirb, containerId: study, folderPaths: ['x'] })).toBe(
      'profile-switched',
    );
    expect(await call('folders.listEmpty', { profileId: site, containerId: study })).toEqual([]);
    expect(await call('folders.addEmpty', { profileId: site, containerId: study, folderPath: 'Site only' })).toEqual([
      'Site only',
    ]);
    await call('profiles.switch', { profileId: sirb });
    expect(await call('folders.listEmpty', { profileId: sirb, containerId: study })).toEqual(['Protocol/Drafts']);
  });

  it('are forgotten once a listing of the study has an item in them', async () => {
    const base = { profileId: sirb, containerId: other };
    await call('folders.addEmpty', { ...base, folderPath: 'Filled later' });
    await call('folders.addEmpty', { ...base, folderPath: 'Filled later/Deeper' });
    await call('folders.addEmpty', { ...base, folderPath: 'Still empty' });
    await call('items.writeRecord', {
      containerId: other,
      itemPath: 'Filled later/Deeper/note',
      header: { type: 'note', version: '1' },
      content: { text: 'kept folders test' },
    });
    // the window's listing, in pages as it streams in: once it is done, main has forgotten them
    const { listingId } = await call('items.listOpen', { containerId: other });
    let page = await call('items.listNext', { listingId });
    while (!page.done) page = await call('items.listNext', { listingId });
    expect(await call('folders.listEmpty', base)).toEqual(['Still empty']);
  });

  it('leave the listing alone while their file cannot be read, and say so where they are shown', async () => {
    const lakeside = (await call('profiles.list', {})).find((p) => p.name.endsWith('Lakeside University'))!.id;
    await call('profiles.switch', { profileId: lakeside });
    const [first] = await call('containers.list', {});
    const base = { profileId: lakeside, containerId: first!.id };
    // a real read error that is neither absent nor damaged: the path is a folder (EISDIR)
    const file = emptyFoldersFile(join(scratch.dir, 'data'), lakeside);
    await mkdir(file, { recursive: true });
    try {
      const { listingId } = await call('items.listOpen', { containerId: base.containerId });
      let page = await call('items.listNext', { listingId });
      while (!page.done) page = await call('items.listNext', { listingId });
      const shown = await ask('folders.listEmpty', base);
      expect(shown.ok ? shown.value : shown.error).toMatchObject({ code: 'data-unreadable', retryable: true });
      expect(await refusal('folders.addEmpty', { ...base, folderPath: 'Not now' })).toBe('data-unreadable');
      expect((await stat(file)).isDirectory()).toBe(true);
    } finally {
      await rm(file, { recursive: true });
    }
    expect(await call('folders.addEmpty', { ...base, folderPath: 'Now' })).toEqual(['Now']);
    await call('profiles.switch', { profileId: sirb });
  });

  it('are still there after main restarts', async () => {
    await core.close();
    ({ core, call } = await openAppCore(join(scratch.dir, 'data')));
    scratch = { ...scratch, core, call };
    expect(await call('folders.listEmpty', { profileId: sirb, containerId: study })).toEqual(['Protocol/Drafts']);
    await call('profiles.switch', { profileId: site });
    expect(await call('folders.listEmpty', { profileId: site, containerId: study })).toEqual(['Site only']);
  }, 120_000);
});
