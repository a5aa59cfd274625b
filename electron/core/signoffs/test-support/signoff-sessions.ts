// What the sign-off tests set up against the reference exchange fixture: an organization's session
// as main opens it (its key in a real vault in a data folder of its own, its pinned certificates
// there, trusting the fixture's CA, with the refresh's options), the app context the sign-off
// handlers take, a signer for writing sign-offs directly, and a study with one organization's
// document shared with another.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keySigner } from '../../../../shared/protocol/signing.js';
import { KeyVault } from '../../../services/keys/key-vault.js';
import { PassphraseSecretBox, type SecretBox } from '../../../services/keys/secret-box.js';
import type { StatementSigner } from '../../../services/signoffs/signoff-writer.js';
import type { ExchangeFixture, FixtureOrg } from '../../../services/test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../../../services/transfers/document-upload.js';
import type { AppContext } from '../../app-context.js';
import { openSession, type Session } from '../../profiles/session.js';
import { PinStore } from '../../trust/pin-store.js';
import type { WatchOptions } from '../../whats-new/study-watch.js';

export interface SignOffSession {
  readonly session: Session;
  /** What the sign-off handlers read of the app: this session, the data folder, the vault, the pins. */
  readonly ctx: AppContext;
  readonly pins: PinStore;
}

export interface SignOffSessionOptions {
  /** How the key is sealed: a passphrase ('test', quick scrypt) unless given. */
  readonly box?: SecretBox;
  /** The refresh's options (its news hooks, its seen file). */
  readonly watch?: WatchOptions;
}

/** The organization's session as main opens it, with its vault and pins in `dataDir`. */
export async function signOffSession(
  fx: ExchangeFixture,
  o: FixtureOrg,
  dataDir: string,
  options: SignOffSessionOptions = {},
): Promise<SignOffSession> {
  const vault = new KeyVault(dataDir, options.box ?? new PassphraseSecretBox('test', { log2N: 14 }));
  const { keyRef } = await vault.importPem(o.identity.privateKeyPem, o.identity.certificatePem);
  const now = new Date().toISOString();
  const profile = {
    id: randomBytes(16).toString('hex'),
    name: o.org.name,
    environment: 'test' as const,
    baseUrl: fx.url,
    organizationId: o.org.id,
    roleHints: { sirb: o.org.isSirb },
    keyRef,
    createdAt: now,
    updatedAt: now,
    trustAnchors: [fx.ca.certificatePem],
  };
  // the app's pin store: sharing pins on first use, the sign-off reader reads its history
  const pins = new PinStore(dataDir, profile.id);
  const session = await openSession(profile, vault, 'test', () => {}, [fx.ca.certificatePem], options.watch, pins);
  const ctx = {
    session: async () => session,
    options: { dataDir },
    vault,
    pins: () => pins,
    record: async () => undefined,
  } as unknown as AppContext;
  return { session, ctx, pins };
}

/** The organization's key as a sign-off's signer, without the handlers' passphrase step. */
export function signerOf(o: FixtureOrg, s: Session): StatementSigner {
  return { sign: keySigner(o.identity.privateKeyPem), thumbprint: s.keys.certificate!.thumbprint };
}

/** A new study of `owner`'s, shared with `withOrg`, holding `<name>.pdf` (written in `scratch`) shared with it too. */
export async function sharedDocument(
  owner: Session,
  withOrg: string,
  name: string,
  scratch: string,
): Promise<{ containerId: string; itemPath: string }> {
  const containerId = (await owner.client.createContainer()).id;
  await owner.client.grantContainerAccess(containerId, withOrg);
  const file = join(scratch, `${name}.pdf`);
  await writeFile(file, name);
  const itemPath = newDocumentPath('consent');
  await uploadDocument({
    client: owner.client,
    containerId,
    path: itemPath,
    file,
    name,
    wrapForSelf: owner.keys.wrapForSelf,
  });
  await owner.sharing.grant(containerId, itemPath, withOrg);
  return { containerId, itemPath };
}
