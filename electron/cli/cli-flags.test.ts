// The command-line tool's flags that used to collide or fall short, against the reference
// exchange: --trust-ca given twice keeps both files, a new backup's password has the window's
// minimum, and a one-off identity names the target of `access rewrap` with --target-org.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority } from '../../shared/protocol/certificates.js';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];

const file = (name: string) => path.join(dir, name);

/** The sIRB as a one-off identity: no profile, everything on the command line. */
const oneOff = () => [
  '--base-url',
  f.url,
  '--org',
  f.sirb.org.id,
  '--key',
  file('sirb.key'),
  '--cert',
  file('sirb.pem'),
];

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-flags-'));
  // a folder without the fixture's profiles: the first test adds the sIRB's its own way
  ({ run: cli } = (await cliWithProfiles(f, dir)).folder('flags'));
  await writeFile(file('consortium-ca.pem'), f.ca.certificatePem);
  await writeFile(file('other-ca.pem'), createCertificateAuthority('Another Consortium CA').certificatePem);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('command-line flags', () => {
  it('--trust-ca given twice trusts both files, in a profile and for a one-off identity', async () => {
    const add = await cli([
      'profile',
      'add',
      '--name',
      'sirb',
      '--base-url',
      f.url,
      '--org',
      f.sirb.org.id,
      '--key',
      file('sirb.key'),
      '--cert',
      file('sirb.pem'),
      '--environment',
      'sandbox',
      // the site's certificate chains to the first file only: a second flag must not replace it
      '--trust-ca',
      file('consortium-ca.pem'),
      '--trust-ca',
      file('other-ca.pem'),
      '--json',
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect((JSON.parse(add.stdout) as { trustAnchors: string[] }).trustAnchors).toHaveLength(2);

    const study = JSON.parse(
      (await cli(['--profile', 'sirb', 'containers', 'create', '--title', 'Flags', '--json'])).stdout,
    ) as { id: string };
    expect(
      (await cli(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id])).code,
    ).toBe(0);
    await writeFile(file('plan.txt'), 'plan');
    expect(
      (await cli(['--profile', 'sirb', 'items', 'put', file('plan.txt'), 'plan', '--container', study.id])).code,
    ).toBe(0);
    // one-off identity: the global --trust-ca, twice, the chaining CA second this time
    const grant = await cli([
      ...oneOff(),
      '--trust-ca',
      file('other-ca.pem'),
      '--trust-ca',
      file('consortium-ca.pem'),
      'access',
      'grant',
      'plan',
      f.site.org.id,
      '--container',
      study.id,
    ]);
    expect(grant.code, grant.stderr).toBe(0);
    expect((await f.site.client.getItem(study.id, 'plan')).id).toBe('plan');
  });

  it('a new backup’s password has at least 8 characters, whether asked or given in the environment', async () => {
    const short = await cli(['profile', 'backup', 'sirb', '--out', file('short.p12')], {
      STUDY_EXCHANGE_P12_PASSWORD: '1234567',
    });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/at least 8 characters; nothing was written/);
    await expect(stat(file('short.p12'))).rejects.toMatchObject({ code: 'ENOENT' });
    const ok = await cli(['profile', 'backup', 'sirb', '--out', file('ok.p12')], {
      STUDY_EXCHANGE_P12_PASSWORD: '12345678',
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect((await stat(file('ok.p12'))).size).toBeGreaterThan(0);
  });

  it('access rewrap: --target-org for a one-off identity, whose --org is itself; --org alone still works with a profile', async () => {
    const trust = ['--trust-ca', file('consortium-ca.pem')];
    const ambiguous = await cli([...oneOff(), ...trust, 'access', 'rewrap', '--json']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/--target-org ORG_ID/);

    const targeted = await cli([...oneOff(), ...trust, 'access', 'rewrap', '--target-org', f.site.org.id, '--json']);
    expect(targeted.code, targeted.stderr).toBe(0);
    expect(JSON.parse(targeted.stdout)).toMatchObject({ thumbprint: f.site.org.thumbprint.toLowerCase() });
    // the grant of the first test was wrapped again for the site's certificate
    expect(targeted.stderr).toMatch(/^\d\/\d re-wrapped: plan in study /m);

    const withProfile = await cli(['--profile', 'sirb', 'access', 'rewrap', '--org', f.site.org.id, '--json']);
    expect(withProfile.code, withProfile.stderr).toBe(0);
    const both = await cli(['--profile', 'sirb', 'access', 'rewrap', '--target-org', f.site.org.id, '--json']);
    expect(both.code, both.stderr).toBe(0);
  });
});
