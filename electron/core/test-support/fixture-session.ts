// Main's session for an organization of the exchange fixture (its key imported into a real
// vault, a real client), and a study filled in bulk with documents as the app stores them.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sealItem } from '../../../shared/protocol/envelope.js';
import type { RecordHeader } from '../../../shared/types.js';
import { probeStore, type BulkItem } from '../../../server/test-support/store-probe.js';
import type { ExchangeFixture, FixtureOrg } from '../../services/test-support/exchange-fixture.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { openSession, type Session } from '../profiles/session.js';

/** The vault of a fixture session made in `vaultDir` (open it again to open the profile's session again). */
export function fixtureVault(vaultDir: string): KeyVault {
  return new KeyVault(join(vaultDir, 'vault'), new PassphraseSecretBox('test', { log2N: 14 }));
}

/** The organization's session as main opens it, through `baseUrl` (a proxy, say) or the fixture's exchange. */
export async function fixtureSession(
  fx: ExchangeFixture,
  o: FixtureOrg,
  vaultDir: string,
  baseUrl = fx.url,
  trustAnchors: readonly string[] = [],
): Promise<Session> {
  const vault = fixtureVault(vaultDir);
  const { keyRef } = await vault.importPem(o.identity.privateKeyPem, o.identity.certificatePem);
  const now = new Date().toISOString();
  const profile = {
    id: randomBytes(16).toString('hex'),
    name: o.org.name,
    environment: 'test' as const,
    baseUrl,
    organizationId: o.org.id,
    roleHints: { sirb: o.org.isSirb },
    keyRef,
    createdAt: now,
    updatedAt: now,
  };
  return openSession(profile, vault, 'fixture session', () => {}, trustAnchors);
}

/** A document's sealed fields as the store holds them (its file name and title only inside its header). */
export function sealedDocument(certificatePem: string, fileName: string, title = fileName): Omit<BulkItem, 'path'> {
  const header = {
    type: 'document',
    version: 'IRBX.2',
    name: title,
    fileName,
    mediaType: 'application/pdf',
    size: 1,
  } as unknown as RecordHeader;
  const f = sealItem({ header, content: Buffer.from('x') }, certificatePem);
  return {
    header: f.header,
    headerHash: f.headerHash,
    contentHash: f.contentHash,
    key: f.key,
    keyHash: f.keyHash,
    iv: f.iv,
    contentLength: 44,
  };
}

/**
 * `count` documents written straight into the study's store, owned by `o`, each at
 * `folderOf(i)/<32 hex>` with its file name `nameOf(i)` (and title `titleOf(i)`, else the file name)
 * only inside its sealed header.
 */
export async function fillStudy(
  fx: ExchangeFixture,
  o: FixtureOrg,
  containerId: string,
  count: number,
  folderOf: (i: number) => string,
  nameOf: (i: number) => string,
  titleOf: (i: number) => string = nameOf,
): Promise<void> {
  const items = Array.from({ length: count }, (_, i): BulkItem => ({
    ...sealedDocument(o.identity.certificatePem, nameOf(i), titleOf(i)),
    path: `${folderOf(i)}|${randomBytes(16).toString('hex')}`,
  }));
  const probe = probeStore({ dataDir: fx.dataDir });
  try {
    await probe.insertItems(containerId, o.org.id, items, Date.now() - 60_000);
  } finally {
    await probe.close();
  }
}
