// The browser host's staged copies (plaintext copies of files dropped on its page, under
// <data>/staging/<ref>/) last only while an upload may still read them. The app core through the door, against
// the embedded sandbox exchange (a real reference server, real SQLite, real files).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferView } from '../../../shared/ipc/views.js';
import { stagingDirOf } from './file-registry.js';
import type { AppCore } from '../platform.js';
import { openAppCore, type CoreCall } from '../test-support/app-core.js';

let dir: string;
let dataDir: string;
let core: AppCore;
let call: CoreCall;

async function open(): Promise<void> {
  ({ core, call } = await openAppCore(dataDir));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'staged-copies-'));
  dataDir = join(dir, 'data');
  await open();
}, 120_000);

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

/** What the browser host does with a dropped file: its copy in staging/<ref>/, registered as temporary. */
async function stage(name: string): Promise<{ ref: string; folder: string }> {
  const ref = randomBytes(16).toString('hex');
  const folder = join(stagingDirOf(dataDir), ref);
  await mkdir(folder, { recursive: true });
  const bytes = Buffer.from(`%PDF-1.4 ${name} ${ref}`);
  await writeFile(join(folder, name), bytes);
  core.registerFile({ path: join(folder, name), relativePath: name, size: bytes.length, name, ref, temporary: true });
  return { ref, folder };
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

async function finished(ids: readonly string[]): Promise<TransferView[]> {
  for (let i = 0; i < 400; i++) {
    const mine = (await call('transfers.list', {})).filter((t) => ids.includes(t.id));
    if (mine.every((t) => t.state === 'verified' || t.state === 'failed')) return mine;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the transfers did not finish');
}

describe('staged copies', () => {
  it('go when the window releases them (conflict skipped, dialog cancelled), but never while an upload reads one', async () => {
    const dropped = await stage('consent.pdf');
    await call('files.release', { refs: [dropped.ref] });
    expect(await exists(dropped.folder)).toBe(false);
    await expect(
      call('transfers.upload', {
        containerId: 'f'.repeat(32),
        folder: '',
        files: [{ ref: dropped.ref, relativePath: 'consent.pdf' }],
      }),
    ).rejects.toThrow(/no longer available/);
  });

  it('stay while a failed upload may be retried, go when it is cleared, and are swept at the next start unless a listed upload reads them', async () => {
    // No such study: the upload fails at the exchange, its staged copy kept for Retry.
    const kept = await stage('minutes.pdf');
    const cleared = await stage('letter.pdf');
    const started = await call('transfers.upload', {
      containerId: 'f'.repeat(32),
      folder: '',
      files: [
        { ref: kept.ref, relativePath: 'minutes.pdf' },
        { ref: cleared.ref, relativePath: 'letter.pdf' },
      ],
    });
    expect((await finished(started.map((t) => t.id))).map((t) => t.state)).toEqual(['failed', 'failed']);
    expect(await exists(kept.folder)).toBe(true);
    expect(await exists(cleared.folder)).toBe(true);

    // One failed transfer cleared (the other restarted away first)...
    const orphan = await stage('left-over.pdf');
    await core.close();
    await open();
    // ...at start, a copy nothing lists is gone; the failed uploads' copies stay for Retry.
    expect(await exists(orphan.folder)).toBe(false);
    expect(await exists(kept.folder)).toBe(true);
    await call('transfers.clear', { states: ['failed'] });
    expect(await exists(kept.folder)).toBe(false);
    expect(await exists(cleared.folder)).toBe(false);
  }, 120_000);
});
