// The command-line tool's keys against the reference exchange: the passphrase of stored keys,
// `profile import-p12` of a file OpenSSL made, and `profile generate-key`.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
/** The site's key and certificate as OpenSSL exports them, under the password "p12pass". */
let p12: string;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-keys-'));
  ({ run: cli } = await cliWithProfiles(f, dir));
  p12 = path.join(dir, 'site.p12');
  const made = spawnSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    path.join(dir, 'site.key'),
    '-in',
    path.join(dir, 'site.pem'),
    '-out',
    p12,
    '-passout',
    'pass:p12pass',
  ]);
  expect(made.status).toBe(0);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('keys from the command line', () => {
  it('a wrong passphrase for the stored keys: exit 1, saying so', async () => {
    const wrongPass = await cli(['--profile', 'sirb', 'containers', 'list'], { STUDY_EXCHANGE_PASSPHRASE: 'not it' });
    expect(wrongPass.code).toBe(1);
    expect(wrongPass.stderr).toMatch(/passphrase is wrong/);
  });

  it('profile import-p12 with a wrong password: exit 1, saying so', async () => {
    const wrong = await cli(
      ['profile', 'import-p12', p12, '--name', 'site-wrong', '--base-url', f.url, '--org', f.site.org.id],
      { STUDY_EXCHANGE_P12_PASSWORD: 'nope' },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The password of the PKCS#12 file is wrong.');
  });

  it('profile import-p12 adds a profile with the file’s certificate that signs requests', async () => {
    const ok = await cli(
      ['profile', 'import-p12', p12, '--name', 'site2', '--base-url', f.url, '--org', f.site.org.id, '--json'],
      { STUDY_EXCHANGE_P12_PASSWORD: 'p12pass' },
    );
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).certificate.thumbprint).toBe(f.site.org.thumbprint);
    expect((await cli(['--profile', 'site2', 'ping', '--auth'])).stdout.trim()).toBe('pong');
  });

  it('profile generate-key writes a certificate request', async () => {
    const csr = path.join(dir, 'new.csr');
    const gen = await cli([
      'profile',
      'generate-key',
      '--name',
      'new',
      '--common-name',
      'New Site',
      '--base-url',
      f.url,
      '--org',
      'pending',
      '--out',
      csr,
    ]);
    expect(gen.code).toBe(0);
    expect(await readFile(csr, 'utf8')).toContain('BEGIN CERTIFICATE REQUEST');
  });

  it('profile generate-key refuses a name that exists in another case', async () => {
    const args = (name: string) => [
      'profile',
      'generate-key',
      '--name',
      name,
      '--common-name',
      'x',
      '--base-url',
      f.url,
      '--org',
      'x',
    ];
    expect((await cli(args('pending'))).code).toBe(0);
    const dup = await cli(args('PENDING'));
    expect(dup.code).toBe(2);
    expect(dup.stderr).toMatch(/already exists/);
  });
});
