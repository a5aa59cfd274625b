// Export study… through main's door on the embedded sandbox: the archive lands where the save
// dialog says, progress events count up to the whole study, it verifies, the activity log says
// so, and a cancelled export or a closed dialog leaves nothing. Verify an archive… checks the
// chosen .zip, or the folder it was unpacked into: a whole one passes every check, one changed
// document fails exactly its check. A staged copy it is given goes afterwards, unless an upload
// still reads it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { ArchiveProgressView } from '../../../shared/ipc/contract/archive.js';
import { readArchive } from '../../services/archive/archive-reader.js';
import { verifyArchive } from '../../services/archive/verify-archive.js';
import type { AppCore } from '../platform.js';
import { openAppCore, testPlatform, type CoreCall } from '../test-support/app-core.js';
import { stagingDirOf } from '../transfers/file-registry.js';

let dir: string;
let core: AppCore;
let call: CoreCall;
let chosen: string | undefined;
let picked: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-handlers-'));
  ({ core, call } = await openAppCore(
    join(dir, 'data'),
    testPlatform({ saveDialog: async () => chosen, pickFiles: async () => picked }),
  ));
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

/** Flips the first byte of the first document stored in the zip; its name in the archive. */
async function flipFirstDocumentByte(zipPath: string): Promise<string> {
  const entry = await new Promise<yauzl.Entry>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.startsWith('documents/') && e.compressedSize > 0) {
          zip.close();
          resolve(e);
        } else zip.readEntry();
      });
      zip.on('end', () => reject(new Error('no document in the archive')));
      zip.readEntry();
    }),
  );
  expect(entry.compressionMethod).toBe(0); // stored: the byte flipped is the document's own
  const bytes = await readFile(zipPath);
  const header = entry.relativeOffsetOfLocalHeader;
  const data = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  bytes[data] = bytes[data]! ^ 0x01;
  await writeFile(zipPath, bytes);
  return entry.fileName;
}

describe('archive.verify', () => {
  it('a whole exported archive passes every check; one flipped byte fails exactly its check', async () => {
    const [study] = await call('containers.list', {});
    chosen = join(dir, 'to-verify.zip');
    const saved = await call('archive.export', { containerId: study!.id });
    expect(saved.saved).toBe(true);

    picked = [chosen];
    const [whole] = await call('files.pick', { purpose: 'archive' });
    const verdict = await call('archive.verify', { file: whole!.ref });
    expect(verdict).toMatchObject({ fileName: 'to-verify.zip', failed: 0, failures: [] });
    // every document's line of SHA256SUMS and each sign-off's three checks
    expect(verdict.passed).toBeGreaterThan(saved.documents! + 3 * saved.signoffs!);
    // the reference was used once: main forgot it
    await expect(call('archive.verify', { file: whole!.ref })).rejects.toThrow(/unknown-file/);

    const name = await flipFirstDocumentByte(chosen);
    const [flipped] = await call('files.pick', { purpose: 'archive' });
    const broken = await call('archive.verify', { file: flipped!.ref });
    expect(broken.failed).toBe(1);
    expect(broken.passed).toBe(verdict.passed - 1);
    expect(broken.failures).toEqual([{ number: expect.any(Number), line: `FAILED  sha256 ${name}` }]);
  });

  it('an unpacked folder, picked in its own dialog, verifies as its zip did, and is left in place', async () => {
    const [study] = await call('containers.list', {});
    chosen = join(dir, 'to-unpack.zip');
    expect((await call('archive.export', { containerId: study!.id })).saved).toBe(true);
    const folder = join(dir, 'unpacked');
    execFileSync('unzip', ['-q', chosen, '-d', folder]);

    picked = [chosen];
    const [zip] = await call('files.pick', { purpose: 'archive' });
    const fromZip = await call('archive.verify', { file: zip!.ref });
    picked = [folder];
    const [unpacked] = await call('files.pick', { purpose: 'archive-folder' });
    expect(unpacked!.name).toBe('unpacked');
    const fromFolder = await call('archive.verify', { file: unpacked!.ref });
    expect(fromFolder).toEqual({ ...fromZip, fileName: 'unpacked' });
    expect(fromFolder.failed).toBe(0);
    // the reference is forgotten, the chosen folder itself is not touched
    expect(await readdir(folder)).toContain('SHA256SUMS');

    const sums = join(folder, 'SHA256SUMS');
    const first = (await readFile(sums, 'utf8')).split('\n').find((l) => l.slice(66).startsWith('documents/'))!;
    const flippedFile = join(folder, ...first.slice(66).split('/'));
    const original = await readFile(flippedFile);
    await writeFile(flippedFile, Buffer.concat([original, Buffer.from('!')]));
    const [again] = await call('files.pick', { purpose: 'archive-folder' });
    const broken = await call('archive.verify', { file: again!.ref });
    expect(broken.failures).toEqual([{ number: expect.any(Number), line: `FAILED  sha256 ${first.slice(66)}` }]);
    expect(broken.passed).toBe(fromZip.passed - 1);
  });

  it('a file that is no archive is refused with its reason', async () => {
    const notZip = join(dir, 'notes.zip');
    await writeFile(notZip, 'not a zip at all');
    picked = [notZip];
    const [ref] = await call('files.pick', { purpose: 'archive' });
    await expect(call('archive.verify', { file: ref!.ref })).rejects.toThrow(/not-an-archive/);
  });

  it('releases a staged copy it was given, but not one a failed upload keeps for its Retry', async () => {
    /** What the browser host does with a dropped file: a copy in staging/<ref>/, registered as temporary. */
    const stage = async (name: string): Promise<{ ref: string; folder: string }> => {
      const ref = randomBytes(16).toString('hex');
      const folder = join(stagingDirOf(join(dir, 'data')), ref);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, name), 'not a zip at all');
      core.registerFile({ path: join(folder, name), relativePath: name, size: 16, name, ref, temporary: true });
      return { ref, folder };
    };
    const exists = (path: string): Promise<boolean> =>
      stat(path).then(
        () => true,
        () => false,
      );

    const alone = await stage('alone.zip');
    await expect(call('archive.verify', { file: alone.ref })).rejects.toThrow(/not-an-archive/);
    expect(await exists(alone.folder)).toBe(false);

    // No such study: the upload fails at the exchange, and its staged copy is kept for Retry.
    const uploading = await stage('upload.zip');
    const [started] = await call('transfers.upload', {
      containerId: 'f'.repeat(32),
      folder: '',
      files: [{ ref: uploading.ref, relativePath: 'upload.zip' }],
    });
    for (let i = 0; ; i++) {
      const state = (await call('transfers.list', {})).find((t) => t.id === started!.id)!.state;
      if (state === 'failed') break;
      expect(state).not.toBe('verified');
      if (i > 400) throw new Error('the upload did not fail');
      await new Promise((r) => setTimeout(r, 50));
    }
    await expect(call('archive.verify', { file: uploading.ref })).rejects.toThrow(/not-an-archive/);
    expect(await exists(uploading.folder)).toBe(true);
    // the reference still answers: a second look is refused for what the file is, not as unknown
    await expect(call('archive.verify', { file: uploading.ref })).rejects.toThrow(/not-an-archive/);
    await call('transfers.clear', { states: ['failed'] });
    expect(await exists(uploading.folder)).toBe(false);
  });
});
