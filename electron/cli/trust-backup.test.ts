// Pins survive a profile backup and restore (issue 34): the sIRB shares with the site (its
// certificate pinned on first use), marks it verified and backs the profile up; restored into a
// new data folder, the profile has the same pins and verified mark, and when the exchange then
// lists another certificate from the same CA for the site, the restored profile wraps nothing for
// it. A profile added from the bare key (no backup) trusts the swapped certificate on first use:
// what the pins in the backup prevent.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../shared/protocol/certificates.js';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { pinsFile } from '../core/trust/pin-store.js';
import { runCli } from './main.js';

let f: ExchangeFixture;
let dir: string;

async function cli(data: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    env: {
      STUDY_EXCHANGE_PASSPHRASE: 'cli pass',
      STUDY_EXCHANGE_SCRYPT_LOG2N: '14',
      STUDY_EXCHANGE_P12_ITERATIONS: '100000',
      STUDY_EXCHANGE_P12_PASSWORD: 'backup password',
    },
    askSecret: async () => undefined,
  };
  const code = await runCli(['--data', path.join(dir, data), '--profile', 'sirb', ...args], io);
  return { code, stdout, stderr };
}

const profileFlags = () => [
  '--name',
  'sirb',
  '--base-url',
  f.url,
  '--org',
  f.sirb.org.id,
  '--environment',
  'sandbox',
  '--trust-ca',
  path.join(dir, 'ca.pem'),
];

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-trust-backup-'));
  await writeFile(path.join(dir, 'ca.pem'), f.ca.certificatePem);
  await writeFile(path.join(dir, 'sirb.key'), f.sirb.identity.privateKeyPem);
  await writeFile(path.join(dir, 'sirb.pem'), f.sirb.identity.certificatePem);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('pins in a profile backup', () => {
  it('come back with the restored profile, which still refuses a swapped certificate', async () => {
    const keyFlags = ['--key', path.join(dir, 'sirb.key'), '--cert', path.join(dir, 'sirb.pem')];
    const added = await cli('before', ['profile', 'add', ...profileFlags(), ...keyFlags]);
    expect(added.code, added.stderr).toBe(0);
    const file = path.join(dir, 'protocol.txt');
    await writeFile(file, 'protocol v1');
    const study = JSON.parse(
      (await cli('before', ['containers', 'create', '--title', 'Backup study', '--json'])).stdout,
    ) as { id: string };
    const inStudy = ['--container', study.id];
    expect((await cli('before', ['collaborators', 'add', f.site.org.id, ...inStudy])).code).toBe(0);
    expect((await cli('before', ['items', 'put', file, 'protocol', ...inStudy])).code).toBe(0);
    expect((await cli('before', ['access', 'grant', 'protocol', f.site.org.id, ...inStudy])).code).toBe(0);
    const note = 'compared by phone with the site coordinator';
    expect((await cli('before', ['trust', 'verify', f.site.org.id, '--note', note])).code).toBe(0);
    const pinnedBefore = JSON.parse((await cli('before', ['trust', 'show', f.site.org.id, '--json'])).stdout) as {
      pin: { current: { sha256: string }; verified: { note: string } };
    };

    const backup = path.join(dir, 'sirb.p12');
    const made = await cli('before', ['profile', 'backup', 'sirb', '--out', backup, '--json']);
    expect(made.code, made.stderr).toBe(0);
    expect((JSON.parse(made.stdout) as { pins: number }).pins).toBe(1);

    const restored = await cli('after', ['profile', 'import-p12', backup, ...profileFlags(), '--json']);
    expect(restored.code, restored.stderr).toBe(0);
    const restoredId = (JSON.parse(restored.stdout) as { id: string }).id;
    expect((await stat(pinsFile(path.join(dir, 'after'), restoredId))).mode & 0o777).toBe(0o600);
    const pinnedAfter = JSON.parse((await cli('after', ['trust', 'show', f.site.org.id, '--json'])).stdout) as {
      pin: { current: { sha256: string }; verified: { note: string } };
    };
    expect(pinnedAfter.pin.current.sha256).toBe(pinnedBefore.pin.current.sha256);
    expect(pinnedAfter.pin.verified.note).toBe(note);
    expect((await cli('after', ['trust', 'list'])).stdout).toContain(`verified (${note})`);

    // The administrator registers another certificate from the same CA for the site.
    const swapped = issueIdentity('Site Hospital', { ca: f.ca });
    await f.admin.client.putCertificate(f.site.org.id, swapped.certificatePem);
    expect((await cli('after', ['access', 'revoke', 'protocol', f.site.org.id, ...inStudy])).code).toBe(0);
    const refused = await cli('after', ['access', 'grant', 'protocol', f.site.org.id, ...inStudy]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('until you accept the new certificate');
    expect((await f.sirb.client.getItemAccess(study.id, 'protocol')).map((o) => o.id)).toEqual([f.sirb.org.id]);

    // Without the backup's pins, the same key trusts whatever the exchange lists first.
    expect((await cli('bare', ['profile', 'add', ...profileFlags(), ...keyFlags])).code).toBe(0);
    const bare = await cli('bare', ['access', 'grant', 'protocol', f.site.org.id, ...inStudy]);
    expect(bare.code, bare.stderr).toBe(0);
  }, 120_000);
});
