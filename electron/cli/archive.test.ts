// `study export` and `archive verify` against the reference exchange: the CLI writes a zip and a
// folder, verifies both, and refuses (exit 1, the failing line named) an archive changed since.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-archive-'));
  cli = await cliWithProfiles(f, dir);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('study archives on the command line', () => {
  it('exports a study as a folder and a zip, and verifies both', async () => {
    const study = await cli.json<{ id: string }>([
      '--profile',
      'sirb',
      'containers',
      'create',
      '--title',
      'Close-out study',
    ]);
    const file = path.join(dir, 'protocol.txt');
    await writeFile(file, 'protocol v1');
    const put = ['--profile', 'sirb', 'items', 'put', file, 'documents/protocol', '--name', 'Protocol'];
    expect((await cli.run([...put, '--container', study.id])).code).toBe(0);

    const folder = path.join(dir, 'close-out');
    const exported = await cli.run(['--profile', 'sirb', 'study', 'export', '--container', study.id, '--out', folder]);
    expect(exported.stderr).toContain('1 of 1 documents');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('1 documents');
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest.study.title).toBe('Close-out study');
    expect(manifest.documents.map((d: { path: string }) => d.path)).toEqual(['documents/documents/protocol.txt']);

    const zip = path.join(dir, 'close-out.zip');
    expect((await cli.run(['--profile', 'sirb', 'study', 'export', '--container', study.id, '--out', zip])).code).toBe(
      0,
    );
    for (const archive of [folder, zip]) {
      const verified = await cli.run(['archive', 'verify', archive]);
      expect(verified.stdout).toMatch(/^\d+ checks passed, 0 failed$/m);
      expect(verified.code).toBe(0);
    }

    // an existing destination is never overwritten
    const again = await cli.run(['--profile', 'sirb', 'study', 'export', '--container', study.id, '--out', folder]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    await writeFile(path.join(folder, 'documents', 'documents', 'protocol.txt'), 'protocol v2');
    const broken = await cli.run(['archive', 'verify', folder]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('FAILED  sha256 documents/documents/protocol.txt');
    expect(broken.stdout).toMatch(/^\d+ checks passed, 1 failed$/m);
  });
});
