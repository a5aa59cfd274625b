// Sign-offs and requests between real organizations on the reference exchange (protocol.md §10):
// the sIRB asks the site to acknowledge the consent form, the site signs, the sIRB sees it valid
// and of this version; a replaced document makes it "an earlier version" and reopens the request.
// Hostile records written through the real server are never shown as valid.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import { SIGNOFF_HEADER } from '../../../shared/signoffs/statement.js';
import type { Item } from '../../../shared/types.js';
import { registerInDataFolder } from '../../../server/index.js';
import type { KeyHandle } from '../keys/key-vault.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture, type FixtureOrg } from '../test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../transfers/document-upload.js';
import { addRecord } from '../transfers/records.js';
import { signStatement } from './signoff-crypto.js';
import { signOffFolder } from './signoff-paths.js';
import { SignOffReader } from './signoff-reader.js';
import { requestedOfUs, requestsForDocument, type RequestContext } from './signoff-requests.js';
import { writeRequest, writeSignOff, type SignOffSession, type StatementSigner } from './signoff-writer.js';

let f: ExchangeFixture;
let dir: string;
let sirbKeys: KeyHandle;
let siteKeys: KeyHandle;
let other: FixtureOrg;
let otherKeys: KeyHandle;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-signoffs-'));
  sirbKeys = await f.keysOf(f.sirb);
  siteKeys = await f.keysOf(f.site);
  const identity = issueIdentity('Other Site', { ca: f.ca });
  const org = await registerInDataFolder(f.dataDir, { name: 'Other Site', certificatePem: identity.certificatePem });
  other = { org, identity, client: f.clientFor({ org, identity }) };
  otherKeys = await f.keysOf(other);
});
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

const sessionOf = (o: FixtureOrg, keys: KeyHandle): SignOffSession => ({
  client: o.client,
  keys,
  sharing: new SharingService(o.client, keys, [f.ca.certificatePem]),
});
const signerOf = (o: FixtureOrg, keys: KeyHandle): StatementSigner => ({
  sign: keySigner(o.identity.privateKeyPem),
  thumbprint: keys.certificate!.thumbprint,
});
const names = (id: string) =>
  Promise.resolve(
    ({ [f.sirb.org.id]: 'Central IRB', [f.site.org.id]: 'Site Hospital' } as Record<string, string>)[id] ?? id,
  );
const readerOf = (o: FixtureOrg, keys: KeyHandle, earlier?: (org: string) => Promise<string[]>) =>
  new SignOffReader({
    client: o.client,
    keys,
    trustAnchors: async () => [f.ca.certificatePem],
    ...(earlier ? { earlierCertificates: earlier } : {}),
  });
const requestContext = (
  o: FixtureOrg,
  keys: KeyHandle,
  reader = readerOf(o, keys),
  today = '2026-11-28',
): RequestContext => ({
  client: o.client,
  keys,
  reader,
  organizationName: names,
  today,
});

async function upload(
  containerId: string,
  name: string,
  text: string,
  itemPath = newDocumentPath('consent'),
): Promise<Item> {
  const file = path.join(dir, `${name}.txt`);
  await writeFile(file, text);
  return (
    await uploadDocument({
      client: f.sirb.client,
      containerId,
      path: itemPath,
      file,
      name,
      wrapForSelf: sirbKeys.wrapForSelf,
    })
  ).item;
}

async function studyWithConsent(): Promise<{ study: string; consent: Item }> {
  const sirb = sessionOf(f.sirb, sirbKeys);
  const study = (await f.sirb.client.createContainer()).id;
  await f.sirb.client.grantContainerAccess(study, f.site.org.id);
  await f.sirb.client.grantContainerAccess(study, other.org.id);
  const consent = await upload(study, 'Consent form', 'v1');
  await sirb.sharing.grant(study, consent.id, f.site.org.id);
  await sirb.sharing.grant(study, consent.id, other.org.id);
  return { study, consent };
}

describe('sign-offs on the reference exchange', () => {
  it('request, sign, this version; replaced: an earlier version and the request reopens', async () => {
    const { study, consent } = await studyWithConsent();
    await writeRequest(sessionOf(f.sirb, sirbKeys), study, consent.id, {
      meaning: 'acknowledged',
      organizationIds: [f.site.org.id],
      dueOn: '2026-12-01',
      message: 'Please acknowledge v1.',
    });

    // the site sees it asked of it, outstanding
    const asked = await requestedOfUs(requestContext(f.site, siteKeys), [study], async () => 'Study A');
    expect(asked).toMatchObject([
      {
        from: { id: f.sirb.org.id, name: 'Central IRB' },
        meaning: 'acknowledged',
        answered: false,
        overdue: false,
        documentName: 'Consent form.txt',
      },
    ]);
    // and, after its due date, overdue
    const late = await requestedOfUs(
      requestContext(f.site, siteKeys, undefined, '2026-12-02'),
      [study],
      async () => 'Study A',
    );
    expect(late[0]).toMatchObject({ answered: false, overdue: true });

    const written = await writeSignOff(sessionOf(f.site, siteKeys), signerOf(f.site, siteKeys), study, consent.id, {
      meaning: 'acknowledged',
      signer: { name: 'Ana Ruiz', role: 'Coordinator' },
      comment: 'Read in full.',
      shareWith: 'everyone',
    });
    expect(written.notShared).toEqual([]);
    expect(written.statement).toMatchObject({
      contentHash: consent.contentHash,
      documentName: 'Consent form.txt',
      containerId: study,
    });

    const sirbReader = readerOf(f.sirb, sirbKeys);
    const shown = await sirbReader.forItem(study, consent, names);
    expect(shown).toMatchObject([
      {
        signer: { name: 'Ana Ruiz', role: 'Coordinator' },
        organization: { id: f.site.org.id, name: 'Site Hospital' },
        meaning: 'acknowledged',
        comment: 'Read in full.',
        valid: true,
        thisVersion: true,
      },
    ]);
    expect(shown[0]!.reason).toBeUndefined();
    // shared with everyone with access: the other site reads it too
    expect(await readerOf(other, otherKeys).forItem(study, consent, names)).toMatchObject([{ valid: true }]);

    const ctx = requestContext(f.sirb, sirbKeys, sirbReader);
    expect(await requestsForDocument(ctx, study, consent)).toMatchObject([
      { answered: true, reopened: false, overdue: false, organizations: [{ id: f.site.org.id, answered: true }] },
    ]);
    expect((await requestedOfUs(requestContext(f.site, siteKeys), [study], async () => 'Study A'))[0]).toMatchObject({
      answered: true,
    });

    // the sIRB replaces the document
    const v2 = await upload(study, 'Consent form', 'v2', consent.id);
    expect(v2.contentHash).not.toBe(consent.contentHash);
    expect(await sirbReader.forItem(study, v2, names)).toMatchObject([{ valid: true, thisVersion: false }]);
    expect(await requestsForDocument(ctx, study, v2)).toMatchObject([
      { answered: false, reopened: true, organizations: [{ id: f.site.org.id, answered: false }] },
    ]);
  });

  it('a wrong document owner cannot request: only the owner asks', async () => {
    const { study, consent } = await studyWithConsent();
    await expect(
      writeRequest(sessionOf(f.site, siteKeys), study, consent.id, {
        meaning: 'approved',
        organizationIds: [other.org.id],
      }),
    ).rejects.toMatchObject({ code: 'not-owner' });
  });

  it("another organization's record at its own path naming the site is shown, never as valid", async () => {
    const { study, consent } = await studyWithConsent();
    const forged = signStatement(
      {
        containerId: study,
        itemId: consent.id.replace(/\|/g, '/'),
        contentHash: consent.contentHash,
        documentName: 'Consent form.txt',
        meaning: 'approved',
        signer: { name: 'Ana Ruiz' },
        organizationId: f.site.org.id,
        signedAt: new Date().toISOString(),
      },
      keySigner(other.identity.privateKeyPem),
      otherKeys.certificate!.thumbprint,
    );
    const added = await addRecord(other.client, otherKeys, study, signOffFolder(other.org.id, consent.id), {
      header: SIGNOFF_HEADER,
      content: forged,
    });
    await sessionOf(other, otherKeys).sharing.grant(study, added.id, f.sirb.org.id);
    expect(await readerOf(f.sirb, sirbKeys).forItem(study, consent, names)).toMatchObject([
      { valid: false, reason: 'wrong-organization', organization: { id: other.org.id } },
    ]);
  });

  it('oversized content is not read beyond 64 KiB and never valid', async () => {
    const { study, consent } = await studyWithConsent();
    const valid = signStatement(
      {
        containerId: study,
        itemId: consent.id.replace(/\|/g, '/'),
        contentHash: consent.contentHash,
        documentName: 'Consent form.txt',
        meaning: 'reviewed',
        signer: { name: 'Ana Ruiz' },
        organizationId: f.site.org.id,
        signedAt: new Date().toISOString(),
      },
      keySigner(f.site.identity.privateKeyPem),
      siteKeys.certificate!.thumbprint,
    );
    const added = await addRecord(f.site.client, siteKeys, study, signOffFolder(f.site.org.id, consent.id), {
      header: SIGNOFF_HEADER,
      content: { ...valid, padding: 'x'.repeat(70 * 1024) },
    });
    await sessionOf(f.site, siteKeys).sharing.grant(study, added.id, f.sirb.org.id);
    const checked = await readerOf(f.sirb, sirbKeys).checkedForItem(study, consent);
    expect(checked.map((c) => c.checked)).toMatchObject([{ valid: false, reason: 'malformed' }]);
    expect(await readerOf(f.sirb, sirbKeys).forItem(study, consent, names)).toEqual([]);
  });

  it("a collaborator's earlier certificate still verifies what it signed after a renewal", async () => {
    const { study, consent } = await studyWithConsent();
    const renewing = issueIdentity('Other Site (first key)', { ca: f.ca });
    const org = await registerInDataFolder(f.dataDir, {
      name: `Renewing ${Date.now()}`,
      certificatePem: renewing.certificatePem,
    });
    const renewingOrg: FixtureOrg = { org, identity: renewing, client: f.clientFor({ org, identity: renewing }) };
    const renewingKeys = await f.keysOf(renewingOrg);
    await f.sirb.client.grantContainerAccess(study, org.id);
    await sessionOf(f.sirb, sirbKeys).sharing.grant(study, consent.id, org.id);
    await writeSignOff(sessionOf(renewingOrg, renewingKeys), signerOf(renewingOrg, renewingKeys), study, consent.id, {
      meaning: 'reviewed',
      signer: { name: 'Jo Lee' },
      shareWith: 'owner',
    });
    // renewed: the directory now lists a new certificate
    const next = issueIdentity('Other Site (second key)', { ca: f.ca });
    await f.admin.client.putCertificate(org.id, Buffer.from(next.certificatePem), 'application/x-pem-file');
    // a reader that knows only the directory's certificate cannot tell it was the organization's
    expect((await readerOf(f.sirb, sirbKeys).forItem(study, consent, names))[0]).toMatchObject({
      valid: false,
      reason: 'certificate-not-organizations',
    });
    // with the certificate accepted earlier (the pins' history) it verifies
    const withHistory = readerOf(f.sirb, sirbKeys, async (id) => (id === org.id ? [renewing.certificatePem] : []));
    expect((await withHistory.forItem(study, consent, names))[0]).toMatchObject({ valid: true, thisVersion: true });
  });
});
