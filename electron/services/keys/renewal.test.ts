// Renewal against the reference exchange: refused until the administrator registered the new
// certificate, then the old key reads, the site's own items are wrapped again (resuming after a
// cut), and the old key is forgotten only once nothing needs it.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCertificate } from '../../../shared/protocol/certificates.js';
import { CancelledError } from '../exchange-errors.js';
import { openProfileKeys } from './key-ring.js';
import { KeyVault } from './key-vault.js';
import { PassphraseSecretBox } from './secret-box.js';
import { ProfileStore, type Profile } from '../profiles/profiles.js';
import {
  RenewalError,
  RewrapIncomplete,
  forgetOldKeys,
  ownItemsOnOldKeys,
  renewProfile,
  rewrapOwnItems,
} from './renewal.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { renew, type Renewed } from '../test-support/renewal.js';
import { readRecord, writeRecord } from '../transfers/records.js';

let f: ExchangeFixture;
let vault: KeyVault;
let store: ProfileStore;
let profile: Profile;
let study: string;
const own = ['log/1', 'log/2', 'log/3'];

beforeAll(async () => {
  f = await startFixture();
  const dir = path.join(f.dir, 'site-app');
  vault = new KeyVault(dir, new PassphraseSecretBox('renewal test', { log2N: 14 }));
  store = new ProfileStore(dir);
  const key = await vault.importPem(f.site.identity.privateKeyPem, f.site.identity.certificatePem);
  profile = await store.add({
    name: 'Site',
    environment: 'sandbox',
    baseUrl: f.url,
    organizationId: f.site.org.id,
    roleHints: {},
    keyRef: key.keyRef,
    trustAnchors: [f.ca.certificatePem],
  });
  study = (await f.sirb.client.createContainer()).id;
  await f.sirb.client.grantContainerAccess(study, f.site.org.id);
  const sirbKeys = await f.keysOf(f.sirb);
  await writeRecord(f.sirb.client, sirbKeys, study, 'protocol', {
    header: { type: 'note', name: 'Protocol\u202e v2' },
    content: { text: 'from the sIRB' },
  });
  await new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]).grant(study, 'protocol', f.site.org.id);
  const siteKeys = await f.keysOf(f.site);
  for (const p of own)
    await writeRecord(f.site.client, siteKeys, study, p, { header: { type: 'note' }, content: { p } });
});
afterAll(() => f.close());

describe('renewing a profile\u2019s key', () => {
  let renewed: Renewed;
  let newKeyRef: string;

  it('is refused, changing nothing, until the administrator registered the new certificate', async () => {
    renewed = await renew(f, f.site, { register: false });
    newKeyRef = (await vault.importPem(renewed.identity.privateKeyPem, renewed.identity.certificatePem)).keyRef;
    const refused = await renewProfile(store, vault, profile, newKeyRef).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RenewalError);
    expect((refused as RenewalError).failure).toBe('not-registered');
    expect((refused as Error).message).toMatch(/administrator to register it/);
    expect((refused as Error).message).toContain(
      `new certificate (SHA-1 fingerprint ${parseCertificate(renewed.identity.certificatePem).thumbprint})`,
    );
    expect(await store.get(profile.id)).toEqual(profile);
  });

  it('keeps the old key for reading; the site\u2019s own items are re-wrapped, resuming after a cut', async () => {
    await f.admin.client.putCertificate(f.site.org.id, renewed.identity.certificatePem);
    profile = await renewProfile(store, vault, profile, newKeyRef);
    expect(profile.keyRef).toBe(newKeyRef);
    expect(profile.readingKeyRefs).toHaveLength(1);
    expect(profile.certificate?.thumbprint).toBe((await f.admin.client.getOrganization(f.site.org.id)).thumbprint);
    const keys = await openProfileKeys(vault, profile);
    // Before anything is re-wrapped, everything opens: the sIRB's item and the site's own, with the old key.
    expect((await readRecord(renewed.client, keys, study, 'protocol')).content).toEqual({ text: 'from the sIRB' });
    expect((await readRecord(renewed.client, keys, study, 'log/1')).content).toEqual({ p: 'log/1' });
    expect(await ownItemsOnOldKeys(renewed.client, keys)).toHaveLength(3);

    // Cut short after the first item: what is done stays done, the rest is named.
    const stop = new AbortController();
    const cut = await rewrapOwnItems(renewed.client, keys, {
      signal: stop.signal,
      onProgress: () => stop.abort(),
    }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(RewrapIncomplete);
    expect((cut as RewrapIncomplete).done).toBe(1);
    expect((cut as RewrapIncomplete).left).toHaveLength(2);
    expect((cut as RewrapIncomplete).cause).toBeInstanceOf(CancelledError);
    const progress: number[] = [];
    expect(await rewrapOwnItems(renewed.client, keys, { onProgress: (p) => progress.push(p.done) })).toEqual({
      rewrapped: 2,
    });
    expect(progress).toEqual([1, 2]);
    expect(await ownItemsOnOldKeys(renewed.client, keys)).toEqual([]);
    const currentOnly = await openProfileKeys(vault, { keyRef: profile.keyRef });
    for (const p of own) expect((await readRecord(renewed.client, currentOnly, study, p)).content).toEqual({ p });
  });

  it('forgets the old key only once nothing needs it, and everything still opens', async () => {
    const refused = await forgetOldKeys(store, vault, profile, renewed.client).catch((e: unknown) => e);
    expect((refused as RenewalError).failure).toBe('old-keys-needed');
    // Named for the user: the document's cleaned name and the study's title, never their ids.
    expect((refused as Error).message).toContain(
      `1 item(s) still open only with an old key: "Protocol v2" in "Study ${study.slice(0, 8)}".`,
    );
    expect((refused as Error).message).not.toContain(study);
    const titled = await forgetOldKeys(store, vault, profile, renewed.client, {
      studyTitle: async () => 'Heart Study',
    }).catch((e: unknown) => e);
    expect((titled as Error).message).toContain('"Protocol v2" in "Heart Study"');
    expect((await store.get(profile.id)).readingKeyRefs).toHaveLength(1);
    // The sIRB gives the site the item's key again, now wrapped for the directory's (new) certificate.
    await new SharingService(f.sirb.client, await f.keysOf(f.sirb), [f.ca.certificatePem]).update(
      study,
      'protocol',
      f.site.org.id,
    );
    const oldRef = profile.readingKeyRefs![0]!;
    profile = await forgetOldKeys(store, vault, profile, renewed.client);
    expect(profile.readingKeyRefs).toEqual([]);
    expect((await vault.list()).map((k) => k.keyRef)).not.toContain(oldRef);
    const keys = await openProfileKeys(vault, profile);
    expect((await readRecord(renewed.client, keys, study, 'protocol')).content).toEqual({ text: 'from the sIRB' });
    for (const p of own) expect((await readRecord(renewed.client, keys, study, p)).content).toEqual({ p });
  });
});
