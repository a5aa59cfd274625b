// The command-line tool reads sign-offs through the profile's pinned certificates: a
// collaborator's sign-off made before its renewal still verifies once the sIRB accepted the new
// certificate (`trust accept`), though the exchange lists only the new one by then.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueIdentity } from '../../shared/protocol/certificates.js';
import type { SignOffView } from '../../shared/signoffs/views.js';
import { registerInDataFolder } from '../../server/index.js';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-signoff-renewal-'));
  cli = await cliWithProfiles(f, dir);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

it("a collaborator's sign-off from before its renewal still verifies once its new certificate is accepted", async () => {
  const first = issueIdentity('Renewing Site', { ca: f.ca });
  const org = await registerInDataFolder(f.dataDir, { name: 'Renewing Site', certificatePem: first.certificatePem });
  const file = (name: string, text: string) => writeFile(path.join(dir, name), text).then(() => path.join(dir, name));
  await cli.json([
    ...['profile', 'add', '--name', 'renewing', '--base-url', f.url, '--org', org.id, '--environment', 'sandbox'],
    ...[
      '--key',
      await file('renewing.key', first.privateKeyPem),
      '--cert',
      await file('renewing.pem', first.certificatePem),
    ],
    ...['--trust-ca', path.join(dir, 'ca.pem')],
  ]);
  const study = (await f.sirb.client.createContainer()).id;
  await f.sirb.client.grantContainerAccess(study, org.id);
  const as = async (profile: string, ...args: string[]) => {
    const r = await cli.run(['--profile', profile, ...args, '--container', study]);
    expect(r.code, r.stderr).toBe(0);
    return r;
  };
  await as('sirb', 'items', 'put', await file('consent.txt', 'v1'), 'consent/form', '--name', 'Consent form');
  // sharing pins the collaborator's first certificate
  await as('sirb', 'access', 'grant', 'consent/form', org.id);
  await as('renewing', 'signoff', 'consent/form', '--meaning', 'reviewed', '--name', 'Jo Lee');
  // renewed: the exchange lists only the second certificate; the sIRB accepts it
  const second = issueIdentity('Renewing Site (renewed)', { ca: f.ca });
  await f.admin.client.putCertificate(org.id, Buffer.from(second.certificatePem), 'application/x-pem-file');
  await as('sirb', 'trust', 'accept', org.id);
  const listed = await cli.json<{ signOffs: SignOffView[] }>([
    ...['--profile', 'sirb', 'signoffs', 'list', 'consent/form', '--container', study],
  ]);
  expect(listed.signOffs).toMatchObject([{ signer: { name: 'Jo Lee' }, valid: true, thisVersion: true }]);
});
