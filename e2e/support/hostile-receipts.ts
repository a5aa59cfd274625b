// What a hostile site can write about receipts (docs/protocol.md, receipts): at another
// organization's receipts path (the exchange refuses it), at its own path naming another document
// (an itemId that does not hash to the path), and with a contentHash it did not seal. Each is
// shared with the documents' owner, who must not count any as a delivery.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { Session } from '../../electron/core/profiles/session.js';
import { openSession } from '../../electron/core/profiles/session.js';
import { KeyVault } from '../../electron/services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../electron/services/keys/secret-box.js';
import { RECEIPT_HEADER, receiptPath } from '../../electron/services/receipts/receipt-record.js';
import { writeRecord } from '../../electron/services/transfers/records.js';
import { sealItem } from '../../shared/protocol/envelope.js';

export interface ForgeryTargets {
  readonly containerId: string;
  /** The organization whose receipts the forger pretends to write. */
  readonly victimOrganizationId: string;
  /** The forger's own organization (its receipts path). */
  readonly forgerOrganizationId: string;
  /** The documents' owner, who is shown the forgeries. */
  readonly ownerOrganizationId: string;
  /** Two documents of the owner the forger can read. */
  readonly first: string;
  readonly second: string;
}

/** Writes the three forgeries as `forger`; the one at the victim's path is refused (2007). */
export async function forgeReceipts(forger: Session, t: ForgeryTargets): Promise<void> {
  const claim = (itemId: string, contentHash: string) => ({
    type: 'receipt',
    version: 'SX.1',
    itemId,
    contentHash,
    itemUpdatedAt: new Date().toISOString(),
    receivedAt: new Date().toISOString(),
    action: 'opened',
  });
  const [firstItem, secondItem] = await Promise.all([
    forger.client.getItem(t.containerId, t.first),
    forger.client.getItem(t.containerId, t.second),
  ]);
  const refused = await writeRecord(
    forger.client,
    forger.keys,
    t.containerId,
    receiptPath(t.victimOrganizationId, t.second),
    { header: RECEIPT_HEADER, content: claim(t.second, secondItem.contentHash) },
  ).then(
    () => 'written',
    (e: unknown) => (e as { code?: number }).code,
  );
  expect(refused).toBe(2007);
  const mismatched = receiptPath(t.forgerOrganizationId, t.first);
  await writeRecord(forger.client, forger.keys, t.containerId, mismatched, {
    header: RECEIPT_HEADER,
    content: claim(t.second, secondItem.contentHash),
  });
  await forger.sharing.grant(t.containerId, mismatched, t.ownerOrganizationId);
  const tampered = receiptPath(t.forgerOrganizationId, t.second);
  const sealed = sealItem(
    { header: { ...RECEIPT_HEADER }, content: Buffer.from(JSON.stringify(claim(t.second, secondItem.contentHash))) },
    forger.keys.certificate!.publicKey,
  );
  await forger.client.saveItem(t.containerId, tampered, { ...sealed, contentHash: firstItem.contentHash });
  await forger.sharing.grant(t.containerId, tampered, t.ownerOrganizationId);
}

/** An organization's session from its key and certificate (a vault of its own in `dir`). */
export async function sessionFromPem(
  dir: string,
  org: { readonly id: string; readonly name: string; readonly keyPem: string; readonly certificatePem: string },
  baseUrl: string,
  trustAnchors: readonly string[],
): Promise<Session> {
  const vault = new KeyVault(join(dir, 'vault'), new PassphraseSecretBox('e2e', { log2N: 14 }));
  const { keyRef } = await vault.importPem(org.keyPem, org.certificatePem);
  const now = new Date().toISOString();
  const profile = {
    id: randomBytes(16).toString('hex'),
    name: org.name,
    environment: 'test' as const,
    baseUrl,
    organizationId: org.id,
    roleHints: {},
    keyRef,
    createdAt: now,
    updatedAt: now,
  };
  return openSession(profile, vault, 'e2e-hostile/1', () => {}, trustAnchors);
}
