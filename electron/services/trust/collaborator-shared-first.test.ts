// A collaborator that renews before the collaborator check first runs: the certificate its keys
// were wrapped for is remembered as they are wrapped, so the renewal is still noticed.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CollaboratorCertificates } from './collaborator-certificates.js';
import { OneAtATime } from '../one-at-a-time.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { renew } from '../test-support/renewal.js';
import { writeRecord } from '../transfers/records.js';

let f: ExchangeFixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.close());

it('notices a renewal that came between the first share and the first check', async () => {
  const keys = await f.keysOf(f.sirb);
  const sharing = new SharingService(f.sirb.client, keys, [f.ca.certificatePem]);
  const writes = new OneAtATime();
  const told = new CollaboratorCertificates(f.sirb.client, sharing, keys, path.join(f.dir, 'told'), 'p', writes);
  const untold = new CollaboratorCertificates(f.sirb.client, sharing, keys, path.join(f.dir, 'untold'), 'p', writes);
  const remembered: Promise<void>[] = [];
  sharing.onKeyWrappedFor = (org, thumbprint) => void remembered.push(told.rememberShared(org, thumbprint));

  const study = (await f.sirb.client.createContainer()).id;
  await f.sirb.client.grantContainerAccess(study, f.site.org.id);
  await writeRecord(f.sirb.client, keys, study, 'a', { header: { type: 'note' }, content: { a: 1 } });
  await sharing.grant(study, 'a', f.site.org.id);
  await Promise.all(remembered);
  const oldThumbprint = f.site.org.thumbprint;
  await renew(f, f.site);

  const { changes } = await told.scan();
  expect(changes.map((c) => [c.organizationId, c.oldThumbprint, c.grants.length])).toEqual([
    [f.site.org.id, oldThumbprint, 1],
  ]);
  // Without being told at share time, the first check takes the new certificate as the known one.
  expect((await untold.scan()).changes).toEqual([]);
});
