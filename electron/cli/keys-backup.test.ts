// The command-line tool's key backups against the reference exchange: `profile backup` writes
// one PKCS#12 file for the user only and marks the profile, never over an existing file; a wrong
// password on import changes nothing; a profile removed and added back from its backup opens
// what was shared with it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let data: string;
let cli: CliFixture['run'];
let json: CliFixture['json'];
const pw = { STUDY_EXCHANGE_P12_PASSWORD: 'backup pw' };

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-backup-'));
  ({ run: cli, json, data } = await cliWithProfiles(f, dir));
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs with --json under the backup password `pw`; parses stdout. */
async function withPassword<T>(args: readonly string[]): Promise<T> {
  const r = await cli([...args, '--json'], pw);
  if (r.code !== 0) throw new Error(`cli ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** `profile import-p12 FILE` as the site, under `name`. */
const importArgs = (file: string, name: string) => [
  'profile',
  'import-p12',
  file,
  '--name',
  name,
  '--base-url',
  f.url,
  '--org',
  f.site.org.id,
  '--environment',
  'sandbox',
  '--trust-ca',
  path.join(dir, 'ca.pem'),
];

describe('key backups from the command line', () => {
  // First: it looks at the site's profile before any backup of it.
  it('profile backup writes one key, readable by the user only, and marks the profile backed up', async () => {
    const listed = await json<{ name: string; backup?: unknown }[]>(['profile', 'list']);
    expect(listed.find((p) => p.name === 'site')?.backup).toBeUndefined();
    const made = await withPassword<{ profile: { keyRef: string; backup: { keyRef: string } }; keys: number }>([
      'profile',
      'backup',
      'site',
      '--out',
      path.join(dir, 'site-backup.p12'),
    ]);
    expect(made.keys).toBe(1);
    expect(made.profile.backup.keyRef).toBe(made.profile.keyRef);
    expect((await stat(path.join(dir, 'site-backup.p12'))).mode & 0o777).toBe(0o600);
  });

  it('profile backup refuses to write over an existing file', async () => {
    const backup = path.join(dir, 'sirb-backup.p12');
    await withPassword(['profile', 'backup', 'sirb', '--out', backup]);
    const again = await cli(['profile', 'backup', 'sirb', '--out', backup], pw);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
  });

  it('import-p12 of a backup with a wrong password changes neither the keys nor the profiles', async () => {
    const backup = path.join(dir, 'site-for-wrong.p12');
    await withPassword(['profile', 'backup', 'site', '--out', backup]);
    const keysBefore = await readdir(path.join(data, 'keys'));
    const profilesBefore = await readFile(path.join(data, 'profiles.json'), 'utf8');
    const wrong = await cli(importArgs(backup, 'site-again'), { STUDY_EXCHANGE_P12_PASSWORD: 'not the password' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The password of the PKCS#12 file is wrong.');
    expect(await readdir(path.join(data, 'keys'))).toEqual(keysBefore);
    expect(await readFile(path.join(data, 'profiles.json'), 'utf8')).toBe(profilesBefore);
  });

  it('a profile removed and added back from its backup opens what was shared with it', async () => {
    const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', 'Backed up']);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const file = path.join(dir, 'shared.bin');
    const bytes = randomBytes(2000);
    await writeFile(file, bytes);
    expect((await cli(['--profile', 'sirb', 'items', 'put', file, 'shared', '--container', study.id])).code).toBe(0);
    await json(['--profile', 'sirb', 'access', 'grant', 'shared', f.site.org.id, '--container', study.id]);
    const backup = path.join(dir, 'site-to-restore.p12');
    await withPassword(['profile', 'backup', 'site', '--out', backup]);

    expect((await cli(['profile', 'remove', 'site'])).code).toBe(0);
    const restored = await withPassword<{
      certificate: { thumbprint: string };
      backup: { keyRef: string };
      keyRef: string;
    }>(importArgs(backup, 'site'));
    expect(restored.certificate.thumbprint).toBe(f.site.org.thumbprint);
    expect(restored.backup.keyRef).toBe(restored.keyRef);
    const out = path.join(dir, 'shared-copy.bin');
    expect((await cli(['--profile', 'site', 'items', 'get', 'shared', out, '--container', study.id])).code).toBe(0);
    expect((await readFile(out)).equals(bytes)).toBe(true);
  });
});
