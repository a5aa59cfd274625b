// Export study… through main's door on the embedded sandbox: the archive lands where the save
// dialog says, progress events count up to the whole study, it verifies, the activity log says
// so, and a cancelled export or a closed dialog leaves nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveProgressView } from '../../../shared/ipc/contract/archive.js';
import { readArchive } from '../../services/archive/archive-reader.js';
import { verifyArchive } from '../../services/archive/verify-archive.js';
import type { AppCore } from '../platform.js';
import { openAppCore, testPlatform, type CoreCall } from '../test-support/app-core.js';

let dir: string;
let core: AppCore;
let call: CoreCall;
let chosen: string | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-handlers-'));
  ({ core, call } = await openAppCore(join(dir, 'data'), testPlatform({ saveDialog: async () => chosen })));
});
afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('archive.export', () => {
  it('writes the sandbox study where the dialog says, with progress, and it verifies', async () => {
    const [study] = await call('containers.list', {});
    chosen = undefined;
    expect(await call('archive.export', { containerId: study!.id })).toEqual({ saved: false });

    const events: ArchiveProgressView[] = [];
    const stop = core.onEvent((name, payload) => {
      if (name === 'archive.progress') events.push(payload as ArchiveProgressView);
    });
    chosen = join(dir, 'demo.zip');
    const saved = await call('archive.export', { containerId: study!.id });
    stop();
    expect(saved).toMatchObject({ saved: true, fileName: 'demo.zip' });
    expect(saved.documents).toBeGreaterThan(0);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ containerId: study!.id, documentsDone: last.documentsTotal });
    expect(last.documentsTotal).toBe(saved.documents! + saved.notIncluded!.length);
    // the sandbox's signed sign-off travels with its exact bytes, and openssl-equivalent checks pass
    expect(saved.signoffs).toBeGreaterThan(0);
    const verdict = await verifyArchive(chosen);
    expect(verdict.failed).toBe(0);
    expect(verdict.checks.filter((c) => c.what.endsWith(': signature')).length).toBe(saved.signoffs);
    const log = await call('activity.list', { action: 'export-study' });
    expect(log[0]).toMatchObject({ ok: true, action: 'export-study' });
  });

  it('carries the expected documents: the record, the binder CSV and the rows of the page', async () => {
    const [study] = await call('containers.list', {});
    const [template] = await call('binder.templates', {});
    await call('binder.setChecklist', { containerId: study!.id, items: template!.items });
    chosen = join(dir, 'binder.zip');
    await call('archive.export', { containerId: study!.id });
    const { small } = await readArchive(
      chosen,
      (n) => n === 'manifest.json' || n.startsWith('records/') || n.endsWith('.csv'),
    );
    const manifest = JSON.parse(small.get('manifest.json')!.toString('utf8'));
    expect(manifest.checklist.length).toBeGreaterThan(0);
    expect(manifest.checklist[0]).toMatchObject({ item: template!.items[0]!.title });
    const record = JSON.parse(small.get('records/checklist.json')!.toString('utf8'));
    expect(record.items.map((i: { id: string }) => i.id)).toEqual(template!.items.map((i) => i.id));
    expect(small.get('checklist.csv')!.toString('utf8').split('\r\n').length).toBeGreaterThan(
      manifest.checklist.length,
    );
  });

  it('a cancel while it runs ends it with nothing written', async () => {
    const [study] = await call('containers.list', {});
    chosen = join(dir, 'cancelled.zip');
    // cancelled at its first progress: the listing is done, no document written yet
    const stop = core.onEvent((name) => {
      if (name === 'archive.progress') void call('archive.cancel', {});
    });
    const answer = await call('archive.export', { containerId: study!.id });
    stop();
    expect(answer).toEqual({ saved: false });
    expect((await readdir(dir)).filter((n) => n.includes('cancelled'))).toEqual([]);
  });
});
