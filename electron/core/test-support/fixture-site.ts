// The reference exchange fixture with a scratch folder, and the fixture's site as a test profile
// in a data folder of its own (a real vault and profile store): what the handlers and sessions
// of a renewal are tested with.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { ProfileStore, type Profile, type ProfileInput } from '../../services/profiles/profiles.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';

export interface FixtureWithFolder {
  readonly fx: ExchangeFixture;
  /** A scratch folder named from the prefix. */
  readonly dir: string;
  /** Stops the fixture and removes the folder. */
  close(): Promise<void>;
}

/** Starts the exchange fixture and makes a scratch folder named from `prefix`. */
export async function fixtureWithFolder(prefix: string): Promise<FixtureWithFolder> {
  const fx = await startFixture();
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return {
    fx,
    dir,
    async close() {
      await fx.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The site's vault (its passphrase, quick scrypt) and profile store in `dataDir`. */
export function siteStores(dataDir: string): { vault: KeyVault; profiles: ProfileStore } {
  return {
    vault: new KeyVault(dataDir, new PassphraseSecretBox('site', { log2N: 14 })),
    profiles: new ProfileStore(dataDir),
  };
}

/** The fixture's site as a test profile's fields, with no key yet. */
export function siteProfileFields(fx: ExchangeFixture): Omit<ProfileInput, 'keyRef'> {
  return { name: 'Site', environment: 'test', baseUrl: fx.url, organizationId: fx.site.org.id, roleHints: {} };
}

/** The fixture's site with its current key as a test profile in `dataDir`, trusting the fixture's CA. */
export async function addSiteProfile(
  fx: ExchangeFixture,
  dataDir: string,
): Promise<{ vault: KeyVault; profiles: ProfileStore; profile: Profile }> {
  const { vault, profiles } = siteStores(dataDir);
  const { keyRef } = await vault.importPem(fx.site.identity.privateKeyPem, fx.site.identity.certificatePem);
  const profile = await profiles.add({ ...siteProfileFields(fx), keyRef, trustAnchors: [fx.ca.certificatePem] });
  return { vault, profiles, profile };
}
