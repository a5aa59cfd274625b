// The command-line tool's organization lookups against the reference exchange, as a one-off
// identity: no profile, the key and certificate given on the command line.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let json: CliFixture['json'];

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-admin-'));
  ({ json } = await cliWithProfiles(f, dir));
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('organizations from the command line', () => {
  it('orgs list --name finds the sIRB as a one-off identity from --key and --cert', async () => {
    const orgs = await json<{ name: string }[]>([
      '--base-url',
      f.url,
      '--org',
      f.site.org.id,
      '--key',
      path.join(dir, 'site.key'),
      '--cert',
      path.join(dir, 'site.pem'),
      'orgs',
      'list',
      '--name',
      'central',
    ]);
    expect(orgs.map((o) => o.name)).toEqual(['Central IRB']);
  });
});
