// `study-exchange trust` against the reference exchange: a grant to an organization whose
// certificate the administrator replaced is refused with a message naming the command to run;
// `trust show` puts both fingerprints side by side, `trust accept` (with the fingerprint compared)
// resumes wrapping, `trust list` and `trust verify` show and keep the out-of-band comparison.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../shared/protocol/certificates.js';
import { groupFingerprint } from '../../shared/trust/fingerprint.js';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { runCli } from './main.js';

let f: ExchangeFixture;
let dir: string;

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    env: { STUDY_EXCHANGE_PASSPHRASE: 'cli pass', STUDY_EXCHANGE_SCRYPT_LOG2N: '14' },
    askSecret: async () => undefined,
  };
  const code = await runCli(['--data', path.join(dir, 'data'), '--profile', 'sirb', ...args], io);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-trust-'));
  await writeFile(path.join(dir, 'ca.pem'), f.ca.certificatePem);
  await writeFile(path.join(dir, 'sirb.key'), f.sirb.identity.privateKeyPem);
  await writeFile(path.join(dir, 'sirb.pem'), f.sirb.identity.certificatePem);
  const added = await cli([
    'profile',
    'add',
    '--name',
    'sirb',
    '--base-url',
    f.url,
    '--org',
    f.sirb.org.id,
    '--key',
    path.join(dir, 'sirb.key'),
    '--cert',
    path.join(dir, 'sirb.pem'),
    '--environment',
    'sandbox',
    '--trust-ca',
    path.join(dir, 'ca.pem'),
  ]);
  expect(added.code, added.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('study-exchange trust', () => {
  it('refuses a grant to a replaced certificate, naming the command, and accepts the one compared', async () => {
    const file = path.join(dir, 'protocol.txt');
    await writeFile(file, 'protocol v1');
    const study = JSON.parse((await cli(['containers', 'create', '--title', 'Trust study', '--json'])).stdout) as {
      id: string;
    };
    expect((await cli(['collaborators', 'add', f.site.org.id, '--container', study.id])).code).toBe(0);
    expect((await cli(['items', 'put', file, 'protocol', '--container', study.id])).code).toBe(0);
    const grant = () => cli(['access', 'grant', 'protocol', f.site.org.id, '--container', study.id]);
    expect((await grant()).code).toBe(0);
    const list = await cli(['trust', 'list']);
    expect(list.stdout).toContain(f.site.org.id);
    expect(list.stdout).toContain('not verified');

    const replaced = issueIdentity('Site Hospital', { ca: f.ca });
    await f.admin.client.putCertificate(f.site.org.id, replaced.certificatePem);
    expect((await cli(['access', 'revoke', 'protocol', f.site.org.id, '--container', study.id])).code).toBe(0);
    const refused = await grant();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('until you accept the new certificate');
    expect(refused.stderr).toContain(`study-exchange trust accept ${f.site.org.id}`);
    const readers = async () => (await f.sirb.client.getItemAccess(study.id, 'protocol')).map((o) => o.id);
    expect(await readers()).toEqual([f.sirb.org.id]);
    expect((await cli(['trust', 'list'])).stdout).toContain('CHANGED');

    const show = await cli(['trust', 'show', f.site.org.id]);
    const shown = JSON.parse((await cli(['trust', 'show', f.site.org.id, '--json'])).stdout) as {
      pin: { current: { sha256: string } };
      listed: { sha256: string };
    };
    expect(show.stdout).toContain(groupFingerprint(shown.pin.current.sha256));
    expect(show.stdout).toContain(groupFingerprint(shown.listed.sha256));
    expect(show.stdout).toContain('The exchange lists now');

    const wrong = await cli(['trust', 'accept', f.site.org.id, '--fingerprint', 'ab'.repeat(32)]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('yet another certificate');
    const accepted = await cli([
      'trust',
      'accept',
      f.site.org.id,
      '--fingerprint',
      groupFingerprint(shown.listed.sha256),
    ]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('access rewrap');
    expect((await grant()).code).toBe(0);
    expect((await readers()).sort()).toEqual([f.sirb.org.id, f.site.org.id].sort());

    const verified = await cli(['trust', 'verify', f.site.org.id, '--note', 'compared by phone with the site']);
    expect(verified.stdout).toContain('verified (compared by phone with the site)');
    expect((await cli(['trust', 'list'])).stdout).toContain('verified (compared by phone with the site)');
  });
});
