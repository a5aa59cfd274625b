// Another organization acting on its own: a session with a profile's key from the browser host's
// data folder, against the host's embedded sandbox exchange (trusting its CA, as the app's
// sessions do). What a collaborating (or hostile) site can write into a study.
import { join } from 'node:path';
import { openSession, type Session } from '../../electron/core/profiles/session.js';
import { KeyVault } from '../../electron/services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../electron/services/keys/secret-box.js';
import { ProfileStore, type Profile } from '../../electron/services/profiles/profiles.js';
import { loadTrustedCas } from '../../server/store/sqlite/trust-store.js';
import { E2E_PASSPHRASE } from '../host-fixture.js';

/** The session of the first profile in `dataDir` that `which` picks, sending `userAgent`. */
export async function sessionFromHostData(
  dataDir: string,
  which: (profile: Profile) => boolean,
  userAgent: string,
): Promise<Session> {
  const profile = (await new ProfileStore(dataDir).list()).find(which);
  if (!profile) throw new Error(`no such profile in ${dataDir}`);
  const anchors = loadTrustedCas(join(dataDir, 'sandbox', 'exchange'));
  return openSession(
    profile,
    new KeyVault(dataDir, new PassphraseSecretBox(E2E_PASSPHRASE)),
    userAgent,
    () => {},
    anchors,
  );
}
