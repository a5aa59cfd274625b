// Signing through main's real handlers against the reference exchange: nothing is signed before
// the signer's name is confirmed in the session or without the right passphrase (the key's own
// when it is sealed with one; the signing passphrase when the system keychain seals it), and a
// wrong one writes nothing. A collaborator's sign-off made before its renewal still verifies
// through the profile's pinned certificates.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { registerInDataFolder } from '../../../server/index.js';
import { startFixture, type ExchangeFixture, type FixtureOrg } from '../../services/test-support/exchange-fixture.js';
import { PassphraseSecretBox, type SecretBox } from '../../services/keys/secret-box.js';
import { knownCertificate } from '../../services/signoffs/signoff-crypto.js';
import { acceptCertificate } from '../trust/decisions.js';
import { signOffsState, signoffHandlers } from './signoff-handlers.js';
import { sharedDocument as sharedWith, signOffSession, type SignOffSession } from './test-support/signoff-sessions.js';

let fx: ExchangeFixture;
let dir: string;

/** Electron's safeStorage stood in for (the one module tests may replace): a box with no passphrase. */
const keychainBox: SecretBox = {
  kind: 'safeStorage',
  isAvailable: () => true,
  encrypt: async (plain) => Buffer.from(plain).reverse(),
  decrypt: async (blob) => Buffer.from(blob).reverse(),
};

const sessionWith = (o: FixtureOrg, box: SecretBox, dataDir: string): Promise<SignOffSession> =>
  signOffSession(fx, o, dataDir, { box });

let sirb: SignOffSession;

beforeAll(async () => {
  process.env.STUDY_EXCHANGE_SCRYPT_LOG2N = '14';
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'signoff-handlers-'));
  sirb = await sessionWith(fx.sirb, new PassphraseSecretBox('sirb pass', { log2N: 14 }), join(dir, 'sirb'));
}, 60_000);

afterAll(async () => {
  sirb?.session.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

const sharedDocument = (withOrg = fx.site.org.id) => sharedWith(sirb.session, withOrg, 'Consent form', dir);

describe('signing in main', () => {
  it('a key sealed with a passphrase: confirm the name, then only the right passphrase signs', async () => {
    const site = await sessionWith(fx.site, new PassphraseSecretBox('site pass', { log2N: 14 }), join(dir, 'site-p'));
    const h = signoffHandlers(site.ctx);
    const owner = signoffHandlers(sirb.ctx);
    const { containerId, itemPath } = await sharedDocument();
    const args = { containerId, itemPaths: [itemPath], meaning: 'acknowledged' as const, shareWith: 'owner' as const };

    expect(await h['signoffs.signer']({}, undefined as never)).toEqual({
      confirmedThisSession: false,
      unlock: 'profile',
    });
    await expect(h['signoffs.sign']({ ...args, passphrase: 'site pass' }, undefined as never)).rejects.toMatchObject({
      code: 'signer-not-confirmed',
    });
    expect(await h['signoffs.setSigner']({ name: 'Ana Ruiz', role: 'Coordinator' }, undefined as never)).toEqual({
      name: 'Ana Ruiz',
      role: 'Coordinator',
      confirmedThisSession: true,
      unlock: 'profile',
    });
    await expect(h['signoffs.sign']({ ...args, passphrase: 'not it' }, undefined as never)).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    expect(await owner['signoffs.forItem']({ containerId, itemPath }, undefined as never)).toEqual([]);

    const results = await h['signoffs.sign'](
      { ...args, passphrase: 'site pass', comment: 'Read.' },
      undefined as never,
    );
    expect(results).toMatchObject([{ itemPath, ok: true }]);
    expect(await owner['signoffs.forItem']({ containerId, itemPath }, undefined as never)).toMatchObject([
      {
        signer: { name: 'Ana Ruiz', role: 'Coordinator' },
        meaning: 'acknowledged',
        comment: 'Read.',
        valid: true,
        thisVersion: true,
      },
    ]);
    site.session.close();
  });

  it('a key sealed by the keychain: a signing passphrase is set once, kept as a check value, asked every time', async () => {
    const site = await sessionWith(fx.site, keychainBox, join(dir, 'site-k'));
    const h = signoffHandlers(site.ctx);
    const owner = signoffHandlers(sirb.ctx);
    const { containerId, itemPath } = await sharedDocument();
    const args = { containerId, itemPaths: [itemPath], meaning: 'reviewed' as const, shareWith: 'everyone' as const };
    await h['signoffs.setSigner']({ name: 'Jo Lee' }, undefined as never);

    expect((await h['signoffs.signer']({}, undefined as never)).unlock).toBe('signing-unset');
    await expect(h['signoffs.sign']({ ...args, passphrase: 'anything' }, undefined as never)).rejects.toMatchObject({
      code: 'signing-passphrase-not-set',
    });
    expect((await h['signoffs.setPassphrase']({ passphrase: 'correct horse' }, undefined as never)).unlock).toBe(
      'signing',
    );
    // changing it needs the current one
    await expect(h['signoffs.setPassphrase']({ passphrase: 'another one' }, undefined as never)).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    await expect(h['signoffs.sign']({ ...args, passphrase: 'wrong horse' }, undefined as never)).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    expect(await owner['signoffs.forItem']({ containerId, itemPath }, undefined as never)).toEqual([]);
    expect(await h['signoffs.sign']({ ...args, passphrase: 'correct horse' }, undefined as never)).toMatchObject([
      { ok: true },
    ]);
    expect(await owner['signoffs.forItem']({ containerId, itemPath }, undefined as never)).toMatchObject([
      { signer: { name: 'Jo Lee' }, meaning: 'reviewed', valid: true },
    ]);
    site.session.close();
  });

  it('requests: the owner asks, the site sees it outstanding, signs, and the owner sees it answered', async () => {
    const site = await sessionWith(fx.site, new PassphraseSecretBox('site pass', { log2N: 14 }), join(dir, 'site-r'));
    const h = signoffHandlers(site.ctx);
    const owner = signoffHandlers(sirb.ctx);
    const { containerId, itemPath } = await sharedDocument();
    const asked = await owner['signoffs.request'](
      { containerId, itemPath, meaning: 'acknowledged', organizationIds: [fx.site.org.id], dueOn: '2099-01-01' },
      undefined as never,
    );
    expect(asked).toMatchObject({
      answered: false,
      overdue: false,
      organizations: [{ id: fx.site.org.id, answered: false }],
    });
    const mine = (await h['signoffs.requested']({}, undefined as never)).filter((r) => r.containerId === containerId);
    expect(mine).toMatchObject([{ itemPath, meaning: 'acknowledged', answered: false, from: { id: fx.sirb.org.id } }]);
    await h['signoffs.setSigner']({ name: 'Ana Ruiz' }, undefined as never);
    await h['signoffs.sign'](
      { containerId, itemPaths: [itemPath], meaning: 'acknowledged', passphrase: 'site pass', shareWith: 'owner' },
      undefined as never,
    );
    expect(await owner['signoffs.requestsForItem']({ containerId, itemPath }, undefined as never)).toMatchObject([
      { answered: true, organizations: [{ id: fx.site.org.id, answered: true }] },
    ]);
    site.session.close();
  });

  it("a collaborator's sign-off from before its renewal still verifies through the pins' history", async () => {
    const first = issueIdentity('Renewing Site (first key)', { ca: fx.ca });
    const org = await registerInDataFolder(fx.dataDir, {
      name: `Renewing Site ${Date.now()}`,
      certificatePem: first.certificatePem,
    });
    const renewing: FixtureOrg = { org, identity: first, client: fx.clientFor({ org, identity: first }) };
    // sharing the document pins the collaborator's first certificate (trust on first use)
    const { containerId, itemPath } = await sharedDocument(org.id);
    const thumbprints = async () => (await sirb.pins.accepted(org.id)).map((c) => c.thumbprint);
    expect(await thumbprints()).toEqual([knownCertificate(first.certificatePem).thumbprint]);
    const site = await sessionWith(renewing, new PassphraseSecretBox('renew pass', { log2N: 14 }), join(dir, 'renew'));
    const h = signoffHandlers(site.ctx);
    await h['signoffs.setSigner']({ name: 'Jo Lee' }, undefined as never);
    expect(
      await h['signoffs.sign'](
        { containerId, itemPaths: [itemPath], meaning: 'reviewed', passphrase: 'renew pass', shareWith: 'owner' },
        undefined as never,
      ),
    ).toMatchObject([{ ok: true }]);
    site.session.close();

    // renewed: the exchange lists its second certificate, and the sIRB accepts it
    const second = issueIdentity('Renewing Site (second key)', { ca: fx.ca });
    await fx.admin.client.putCertificate(org.id, Buffer.from(second.certificatePem), 'application/x-pem-file');
    await acceptCertificate(sirb.session.sharing, sirb.pins, org.id);
    expect(await thumbprints()).toEqual([first, second].map((i) => knownCertificate(i.certificatePem).thumbprint));

    // main's handlers (a fresh reader: nothing remembered of the first certificate) still verify it
    const owner = signoffHandlers(sirb.ctx);
    expect(await owner['signoffs.forItem']({ containerId, itemPath }, undefined as never)).toMatchObject([
      { signer: { name: 'Jo Lee' }, organization: { id: org.id }, meaning: 'reviewed', valid: true, thisVersion: true },
    ]);
    // without the pins' history only the directory's (second) certificate is known: not the organization's
    const withoutPins = signoffHandlers(sirb.ctx, signOffsState());
    expect(await withoutPins['signoffs.forItem']({ containerId, itemPath }, undefined as never)).toMatchObject([
      { valid: false, reason: 'certificate-not-organizations' },
    ]);
  });
});
