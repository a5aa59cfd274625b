// A profile's keys after a renewal, against the reference exchange: what was wrapped for the old
// certificate opens with the old key kept for reading, the key is chosen by keyHash, and an item
// no key opens says so with the certificates the profile holds.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealItem, newItemKey, EnvelopeError } from '../../../shared/protocol/envelope.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { renew, type Renewed } from '../test-support/renewal.js';
import { readRecord, writeRecord } from '../transfers/records.js';
import { KeyRingError, keyRing, openProfileKeys } from './key-ring.js';
import { KeyVault, type KeySummary } from './key-vault.js';
import { PassphraseSecretBox } from './secret-box.js';

let f: ExchangeFixture;
let vault: KeyVault;
let oldKey: KeySummary;
let newKey: KeySummary;
let renewed: Renewed;
let study: string;

beforeAll(async () => {
  f = await startFixture();
  vault = new KeyVault(path.join(f.dir, 'ring'), new PassphraseSecretBox('ring test', { log2N: 14 }));
  study = (await f.sirb.client.createContainer()).id;
  await f.sirb.client.grantContainerAccess(study, f.site.org.id);
  const sirbKeys = await f.keysOf(f.sirb);
  const siteKeys = await f.keysOf(f.site);
  const sharing = new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]);
  // Before the renewal: the sIRB shares a record with the site, the site writes one of its own.
  await writeRecord(f.sirb.client, sirbKeys, study, 'protocol', {
    header: { type: 'note' },
    content: { text: 'from the sIRB' },
  });
  await sharing.grant(study, 'protocol', f.site.org.id);
  await writeRecord(f.site.client, siteKeys, study, 'site-log', {
    header: { type: 'note' },
    content: { text: 'our own' },
  });
  oldKey = await vault.importPem(f.site.identity.privateKeyPem, f.site.identity.certificatePem);
  renewed = await renew(f, f.site);
  newKey = await vault.importPem(renewed.identity.privateKeyPem, renewed.identity.certificatePem);
});
afterAll(() => f.close());

describe('a profile\u2019s keys after a renewal', () => {
  it('opens what was wrapped for the old certificate with the reading key, and says which key it was', async () => {
    const keys = await openProfileKeys(vault, { keyRef: newKey.keyRef, readingKeyRefs: [oldKey.keyRef] });
    expect(keys.ring.map((k) => [k.keyRef, k.current])).toEqual([
      [newKey.keyRef, true],
      [oldKey.keyRef, false],
    ]);
    expect(keys.certificate?.thumbprint).toBe(newKey.certificate?.thumbprint);
    const shared = await readRecord(renewed.client, keys, study, 'protocol');
    expect(shared.content).toEqual({ text: 'from the sIRB' });
    expect(keys.keyOf(shared.item)).toBe(oldKey.keyRef);
    const own = await readRecord(renewed.client, keys, study, 'site-log');
    expect(own.content).toEqual({ text: 'our own' });
    // What is written now is wrapped for the new certificate and opens with the current key.
    await writeRecord(renewed.client, keys, study, 'after', { header: { type: 'note' }, content: { text: 'new' } });
    expect(keys.keyOf(await renewed.client.getItem(study, 'after'))).toBe(newKey.keyRef);
  });

  it('reports an item no key of the profile opens, naming the certificates it holds', async () => {
    const keys = await openProfileKeys(vault, { keyRef: newKey.keyRef });
    const item = await renewed.client.getItemContent(study, 'protocol');
    expect(keys.keyOf(item)).toBeUndefined();
    const error = (() => {
      try {
        keys.openItemKey(item);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(KeyRingError);
    expect((error as KeyRingError).failure).toBe('no-key-opens');
    // Named as every other text names it (the wire field alone is "thumbprint").
    expect((error as Error).message).toContain(`SHA-1 fingerprint ${newKey.certificate!.thumbprint}`);
    expect((error as Error).message).not.toMatch(/thumbprint/i);
    expect((error as Error).message).toMatch(/re-wrap it for your current certificate/);
  });

  it('takes the key whose unwrapped result matches keyHash, and a mismatch stays a keyHash failure', async () => {
    const oldHandle = await vault.open(oldKey.keyRef);
    const newHandle = await vault.open(newKey.keyRef);
    const k = newItemKey();
    const sealed = sealItem(
      { header: { version: 'IRBX.2', type: 'note' }, content: Buffer.from('x') },
      oldHandle.certificate!.publicKey,
    );
    const ring = keyRing(newHandle, [oldHandle]);
    expect(ring.keyOf(sealed)).toBe(oldKey.keyRef);
    // The old key unwraps it, but the hash names another key: the owner is re-keying.
    const wrongHash = {
      ...sealed,
      keyHash: sealItem(
        { header: { version: 'IRBX.2', type: 'note' }, content: Buffer.from('x'), itemKey: k },
        oldHandle.certificate!.publicKey,
      ).keyHash,
    };
    expect(() => ring.openItemKey(wrongHash)).toThrow(EnvelopeError);
    expect(ring.keyOf(wrongHash)).toBeUndefined();
  });
});
