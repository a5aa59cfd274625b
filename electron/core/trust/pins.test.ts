// Pinned certificates against the reference exchange: the certificate first seen for an
// organization is the only one that receives keys. Another CA-issued certificate registered for
// it by the administrator, or a stand-in exchange that answers with another organization's
// certificate, gets nothing until the user accepts it; one naming another organization never.
// Pins live in the data folder (0600) and outlive the process.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity, parseCertificate } from '../../../shared/protocol/certificates.js';
import type { KeyHandle } from '../../services/keys/key-vault.js';
import { SharingError, SharingService } from '../../services/sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { startTamperProxy, type TamperProxy } from '../../services/test-support/tamper-proxy.js';
import { writeRecord } from '../../services/transfers/records.js';
import { acceptCertificate, keepCertificate } from './decisions.js';
import { acceptedCertificates, PinStore, pinsFile } from './pin-store.js';

let f: ExchangeFixture;
let proxy: TamperProxy;
let keys: KeyHandle;
let study: string;
let appDir: string;
const profileId = 'sirb-profile';

beforeAll(async () => {
  f = await startFixture();
  proxy = await startTamperProxy(f.url);
  keys = await f.keysOf(f.sirb);
  appDir = path.join(f.dir, 'app');
  study = (await f.sirb.client.createContainer()).id;
  await f.sirb.client.grantContainerAccess(study, f.site.org.id);
});
afterAll(async () => {
  await proxy.close();
  await f.close();
});

let n = 0;
/** A new record of the sIRB's in the study (its key is the sIRB's alone until granted). */
async function newItem(): Promise<string> {
  const p = `note-${++n}`;
  await writeRecord(f.sirb.client, keys, study, p, { header: { type: 'note' }, content: { n } });
  return p;
}
const readers = async (p: string) => (await f.sirb.client.getItemAccess(study, p)).map((o) => o.id).sort();
/** The app's sharing after a start: a new store over the same data folder. */
const sharingFor = (client = f.sirb.client) =>
  new SharingService(client, keys, [f.ca.certificatePem], new PinStore(appDir, profileId));

describe('pinned collaborator certificates', () => {
  it('pin the first certificate seen, in the data folder readable by the user only, and survive a restart', async () => {
    const p = await newItem();
    await sharingFor().grant(study, p, f.site.org.id);
    const file = pinsFile(appDir, profileId);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    const accepted = await acceptedCertificates(appDir, profileId, f.site.org.id);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.thumbprint).toBe(f.site.org.thumbprint);
    expect(accepted[0]!.until).toBeUndefined();
    // another "start": the new store reads the same pin and shares on
    expect(
      await readers(await newItem().then(async (q) => (await sharingFor().grant(study, q, f.site.org.id), q))),
    ).toEqual([f.sirb.org.id, f.site.org.id].sort());
  });

  it('give no key to another CA-issued certificate the administrator registers, until it is accepted', async () => {
    const before = (await new PinStore(appDir, profileId).pinned(f.site.org.id))!.current;
    const other = issueIdentity('Site Hospital', { ca: f.ca });
    await f.admin.client.putCertificate(f.site.org.id, other.certificatePem);
    const p = await newItem();
    const error = await sharingFor()
      .grant(study, p, f.site.org.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharingError);
    expect((error as SharingError).failure).toBe('certificate-changed');
    expect((error as Error).message).toMatch(/until you accept the new certificate or keep the old one/);
    expect(await readers(p)).toEqual([f.sirb.org.id]);

    // Keep the old one: still nothing, and the refusal says it was declined.
    const store = new PinStore(appDir, profileId);
    await keepCertificate(sharingFor(), store, f.site.org.id);
    const kept = await sharingFor()
      .grant(study, p, f.site.org.id)
      .catch((e: unknown) => e);
    expect((kept as Error).message).toMatch(/that you declined/);
    expect(await readers(p)).toEqual([f.sirb.org.id]);

    // Accepting one other than the user compared is refused; the one compared resumes wrapping.
    await expect(acceptCertificate(sharingFor(), store, f.site.org.id, 'ab'.repeat(32))).rejects.toThrow(
      /yet another certificate/,
    );
    const pin = await acceptCertificate(sharingFor(), store, f.site.org.id);
    expect(pin.current.thumbprint).toBe(parseCertificate(other.certificatePem).thumbprint);
    expect(pin.current.how).toBe('approved');
    expect(pin.kept).toEqual([]);
    await sharingFor().grant(study, p, f.site.org.id);
    expect(await readers(p)).toEqual([f.sirb.org.id, f.site.org.id].sort());

    // The earlier certificate stays in the history with the period it was accepted.
    const accepted = await acceptedCertificates(appDir, profileId, f.site.org.id);
    expect(accepted.map((a) => a.sha256)).toEqual([before.sha256, pin.current.sha256]);
    expect(accepted[0]!.until).toBe(pin.current.acceptedAt);
    // put the site back on its own key for what follows
    await f.admin.client.putCertificate(f.site.org.id, f.site.identity.certificatePem);
    await acceptCertificate(sharingFor(), store, f.site.org.id);
  });

  it('refuse outright a certificate that names another organization, with no approval possible', async () => {
    const forRiverside = issueIdentity('Site Hospital', { ca: f.ca, organizationId: f.admin.org.id });
    await f.admin.client.putCertificate(f.site.org.id, forRiverside.certificatePem);
    try {
      const p = await newItem();
      const error = await sharingFor()
        .grant(study, p, f.site.org.id)
        .catch((e: unknown) => e);
      expect((error as SharingError).failure).toBe('names-another-organization');
      expect((error as Error).message).toContain(f.admin.org.id);
      await expect(acceptCertificate(sharingFor(), new PinStore(appDir, profileId), f.site.org.id)).rejects.toThrow(
        /issued for another organization/,
      );
      expect(await readers(p)).toEqual([f.sirb.org.id]);
    } finally {
      await f.admin.client.putCertificate(f.site.org.id, f.site.identity.certificatePem);
    }
    // One that names the right organization is an ordinary candidate.
    const named = issueIdentity('Site Hospital', { ca: f.ca, organizationId: f.site.org.id });
    await f.admin.client.putCertificate(f.site.org.id, named.certificatePem);
    try {
      const pin = await acceptCertificate(sharingFor(), new PinStore(appDir, profileId), f.site.org.id);
      expect(pin.current.namesOrganization).toBe(true);
    } finally {
      await f.admin.client.putCertificate(f.site.org.id, f.site.identity.certificatePem);
      await acceptCertificate(sharingFor(), new PinStore(appDir, profileId), f.site.org.id);
    }
  });

  it('give no key when a stand-in exchange answers for the site with another organization\u2019s real certificate', async () => {
    const viaProxy = f.clientFor(f.sirb, { baseUrl: proxy.url, retry: { attempts: 1, baseDelayMs: 1 } });
    const site = await f.sirb.client.getOrganization(f.site.org.id);
    const forged = Buffer.from(JSON.stringify({ ...site, thumbprint: f.admin.org.thumbprint }));
    proxy.rewrite((method, url) => {
      if (method !== 'GET') return undefined;
      if (url.endsWith(`/organizations/${f.site.org.id}/certificate`))
        return Buffer.from(f.admin.identity.certificatePem);
      if (url.endsWith(`/organizations/${f.site.org.id}`)) return forged;
      return undefined;
    });
    try {
      const p = await newItem();
      // it chains to the consortium's CA, so only the pin tells
      const error = await sharingFor(viaProxy)
        .grant(study, p, f.site.org.id)
        .catch((e: unknown) => e);
      expect((error as SharingError).failure).toBe('certificate-changed');
      expect((error as Error).message).toContain('CN=Exchange Admin');
      expect(await readers(p)).toEqual([f.sirb.org.id]);
      // without a pin the same lie would have been believed: what the pin is for
      const unpinned = new SharingService(viaProxy, keys, [f.ca.certificatePem]);
      expect((await unpinned.verifiedCertificate(f.site.org.id)).subject).toBe('CN=Exchange Admin');
    } finally {
      proxy.rewrite(undefined);
    }
  });

  it('refuse a damaged pin file rather than pin anew, and mark a collaborator verified', async () => {
    const store = new PinStore(appDir, profileId);
    const pin = await store.markVerified(f.site.org.id, 'compared by phone with the site coordinator');
    expect(pin.verified).toMatchObject({
      note: 'compared by phone with the site coordinator',
      sha256: pin.current.sha256,
    });
    const file = pinsFile(appDir, profileId);
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace(/"sha256": "[0-9a-f]{64}"/, '"sha256": "nope"'));
    try {
      await expect(sharingFor().verifiedCertificate(f.site.org.id)).rejects.toThrow(/cannot be read/);
    } finally {
      await writeFile(file, good);
    }
  });
});
