// A collaborator's new certificate, against the reference exchange: the sIRB's app notices it
// with the grants still on the old one, re-wraps them (resuming after a cut), and the site opens
// them with its new key; a new certificate that fails the check (self-signed, RSA 1024, expired)
// re-wraps nothing and says why.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity, parseCertificate } from '../../../shared/protocol/certificates.js';
import { SqliteStore } from '../../../server/store/sqlite/sqlite-store.js';
import { CollaboratorCertificates } from './collaborator-certificates.js';
import { OneAtATime } from '../one-at-a-time.js';
import { openProfileKeys } from '../keys/key-ring.js';
import { KeyVault } from '../keys/key-vault.js';
import { PassphraseSecretBox } from '../keys/secret-box.js';
import type { MemoryPins } from '../../../shared/trust/pins.js';
import { acceptCertificate } from '../../core/trust/decisions.js';
import { SharingError, SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { renew } from '../test-support/renewal.js';
import { readRecord, writeRecord } from '../transfers/records.js';

let f: ExchangeFixture;
let watch: CollaboratorCertificates;
let sharing: SharingService;
/** The one queue of state changes (the app's), shared by every instance on the file. */
const writes = new OneAtATime();
const studies: string[] = [];
const shared = [
  [0, 'a'],
  [0, 'b'],
  [1, 'c'],
] as const;

beforeAll(async () => {
  f = await startFixture();
  const keys = await f.keysOf(f.sirb);
  sharing = new SharingService(f.sirb.client, keys, [f.ca.certificatePem]);
  watch = new CollaboratorCertificates(
    f.sirb.client,
    sharing,
    keys,
    path.join(f.dir, 'sirb-app'),
    'sirb-profile',
    writes,
  );
  for (let i = 0; i < 2; i++) {
    const id = (await f.sirb.client.createContainer()).id;
    await f.sirb.client.grantContainerAccess(id, f.site.org.id);
    studies.push(id);
  }
  for (const [s, p] of shared) {
    await writeRecord(f.sirb.client, keys, studies[s]!, p, { header: { type: 'note' }, content: { p } });
    await sharing.grant(studies[s]!, p, f.site.org.id);
  }
});
afterAll(() => f.close());

/**
 * A certificate the exchange's API refuses (RSA under 2048) written straight into its store, as a
 * directory that lets one through would list it: what the app must still refuse to wrap keys for.
 */
async function registerThroughStore(orgId: string, pem: string): Promise<void> {
  const store = new SqliteStore(f.dataDir);
  try {
    await store.updateOrganization(
      orgId,
      { certificatePem: pem, thumbprint: parseCertificate(pem).thumbprint },
      Date.now(),
    );
  } finally {
    await store.close();
  }
}

describe('a collaborator\u2019s new certificate', () => {
  it('is noticed with the grants still on the old one, re-wrapped in one action that resumes after a cut, and opens with the new key', async () => {
    expect((await watch.scan()).changes).toEqual([]);
    const oldThumbprint = f.site.org.thumbprint;
    const renewed = await renew(f, f.site);
    // A renewal is a decision first: both certificates side by side, nothing wrapped before Accept.
    const asked = (await watch.scan()).changes;
    expect(asked[0]!.problem).toMatch(/until you accept the new certificate/);
    expect(asked[0]!.decision?.accepted.sha256).not.toBe(asked[0]!.decision?.offered.sha256);
    expect(asked[0]!.decision?.offered.subject).toBe('CN=Site Hospital');
    await expect(watch.rewrap(f.site.org.id)).rejects.toMatchObject({ failure: 'certificate-changed' });
    await acceptCertificate(sharing, sharing.pins as MemoryPins, f.site.org.id, asked[0]!.decision!.offered.sha256);
    const { changes } = await watch.scan();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      organizationId: f.site.org.id,
      name: 'Site Hospital',
      oldThumbprint,
      studies: 2,
      problem: undefined,
    });
    expect(changes[0]!.decision).toBeUndefined();
    expect(changes[0]!.grants).toHaveLength(3);
    expect(changes[0]!.certificate?.issuer).toContain('Fixture Consortium CA');

    // The site with only its new key cannot open them yet; with the old one kept for reading it can.
    const vault = new KeyVault(path.join(f.dir, 'site-app'), new PassphraseSecretBox('site', { log2N: 14 }));
    const oldRef = (await vault.importPem(f.site.identity.privateKeyPem, f.site.identity.certificatePem)).keyRef;
    const newRef = (await vault.importPem(renewed.identity.privateKeyPem, renewed.identity.certificatePem)).keyRef;
    const newOnly = await openProfileKeys(vault, { keyRef: newRef });
    await expect(readRecord(renewed.client, newOnly, studies[0]!, 'a')).rejects.toMatchObject({
      failure: 'no-key-opens',
    });
    const withOld = await openProfileKeys(vault, { keyRef: newRef, readingKeyRefs: [oldRef] });
    expect((await readRecord(renewed.client, withOld, studies[0]!, 'a')).content).toEqual({ p: 'a' });

    const stop = new AbortController();
    await expect(
      watch.rewrap(f.site.org.id, { signal: stop.signal, onProgress: () => stop.abort() }),
    ).rejects.toThrow();
    expect((await watch.scan()).changes[0]!.grants).toHaveLength(2);
    const progress: string[] = [];
    const result = await watch.rewrap(f.site.org.id, {
      onProgress: (r, done, total) => progress.push(`${done}/${total} ${r.path} ${r.ok}`),
    });
    expect(result.skipped).toBe(1);
    expect(result.results.every((r) => r.ok)).toBe(true);
    expect(progress).toHaveLength(2);
    expect((await watch.scan()).changes).toEqual([]);
    for (const [s, p] of shared)
      expect((await readRecord(renewed.client, newOnly, studies[s]!, p)).content).toEqual({ p });
  });

  it('re-wraps nothing for a self-signed, too small or expired certificate, and says why', async () => {
    const org = await f.admin.client.createOrganization({
      name: 'Riverside Medical Center',
      certificate: issueIdentity('Riverside Medical Center', { ca: f.ca }).certificatePem,
    });
    await f.sirb.client.grantContainerAccess(studies[0]!, org.id);
    await sharing.grant(studies[0]!, 'a', org.id);
    expect((await watch.scan()).changes).toEqual([]);
    const keysBefore = (await f.sirb.client.getItemAccess(studies[0]!, 'a')).map((o) => o.id);

    const cases: { pem: string; reason: RegExp; throughStore?: boolean }[] = [
      {
        pem: issueIdentity('Riverside Medical Center').certificatePem,
        reason: /not issued by a certificate authority this profile trusts/,
      },
      {
        pem: issueIdentity('Riverside Medical Center', { ca: f.ca, bits: 1024 }).certificatePem,
        reason: /cannot receive keys: the certificate RSA key is 1024 bits; at least 2048 are required/,
        throughStore: true,
      },
      {
        pem: issueIdentity('Riverside Medical Center', {
          ca: f.ca,
          notBefore: new Date(Date.now() - 10 * 86_400_000),
          days: 2,
        }).certificatePem,
        reason: /cannot receive keys: the certificate is valid from .* to .*, not at /,
      },
    ];
    for (const c of cases) {
      if (c.throughStore) {
        await expect(f.admin.client.putCertificate(org.id, c.pem)).rejects.toThrow();
        await registerThroughStore(org.id, c.pem);
      } else await f.admin.client.putCertificate(org.id, c.pem);
      const scan = await watch.scan();
      const change = scan.changes.find((x) => x.organizationId === org.id);
      expect(change?.problem).toMatch(c.reason);
      expect(change?.problem).not.toMatch(/nothing was shared/i);
      expect(change?.grants).toHaveLength(1);
      const refused = await watch.rewrap(org.id).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SharingError);
      expect((refused as Error).message).toMatch(c.reason);
      // Nothing was re-wrapped: the grant is still counted as on the old certificate.
      expect((await watch.scan()).changes.find((x) => x.organizationId === org.id)?.grants).toHaveLength(1);
    }
    expect((await watch.scan()).expiring).toEqual([expect.objectContaining({ organizationId: org.id, expired: true })]);
    expect((await f.sirb.client.getItemAccess(studies[0]!, 'a')).map((o) => o.id)).toEqual(keysBefore);
  });

  it('keeps a re-wrap\u2019s end when a scan that began before it ends after it', async () => {
    const org = await f.admin.client.createOrganization({
      name: 'Harbor Clinic',
      certificate: issueIdentity('Harbor Clinic', { ca: f.ca }).certificatePem,
    });
    await f.sirb.client.grantContainerAccess(studies[1]!, org.id);
    await sharing.grant(studies[1]!, 'c', org.id);
    await watch.scan();
    await f.admin.client.putCertificate(org.id, issueIdentity('Harbor Clinic', { ca: f.ca }).certificatePem);
    await acceptCertificate(sharing, sharing.pins as MemoryPins, org.id);

    // A second reader of the same state (the scheduled check) held inside its scan until the re-wrap is done.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => (open = r));
    const held = new Proxy(f.sirb.client, {
      get: (target, name, receiver) =>
        name === 'getOrganization'
          ? async (...a: Parameters<typeof target.getOrganization>) => {
              await gate;
              return target.getOrganization(...a);
            }
          : Reflect.get(target, name, receiver),
    });
    const keys = await f.keysOf(f.sirb);
    const scheduled = new CollaboratorCertificates(
      held,
      sharing,
      keys,
      path.join(f.dir, 'sirb-app'),
      'sirb-profile',
      writes,
    );
    const scanning = scheduled.scan();
    expect((await watch.rewrap(org.id)).results).toEqual([expect.objectContaining({ ok: true, path: 'c' })]);
    open();
    expect((await scanning).changes.map((c) => c.name)).toContain('Harbor Clinic');
    // What the late scan read before the re-wrap ended was not written back over it.
    expect((await watch.scan()).changes.find((c) => c.organizationId === org.id)).toBeUndefined();
  });
});
