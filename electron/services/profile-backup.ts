// Backing up a profile's keys (current and reading) as one PKCS#12 file, and adding a profile
// back from such a file with its key history. The password is used once and never kept.
import type { KeyVault } from './keys/key-vault.js';
import type { Profile, ProfileInput, ProfileStore } from './profiles.js';

/** Whether the profile's current key is in a backup made since it became current. */
export function isBackedUp(profile: Profile): boolean {
  return profile.backup?.keyRef === profile.keyRef;
}

/** The backup file's bytes: the current key, then the reading keys. */
export async function backupFile(
  vault: KeyVault,
  profile: Profile,
  password: string,
  iterations?: number,
): Promise<Buffer> {
  return vault.exportBackup(
    [
      { keyRef: profile.keyRef, role: 'current' as const },
      ...(profile.readingKeyRefs ?? []).map((keyRef) => ({ keyRef, role: 'reading' as const })),
    ],
    password,
    iterations,
  );
}

/** Records the backup once its file is written where the user chose, so a failed write changes nothing. */
export async function markBackedUp(store: ProfileStore, profile: Profile): Promise<Profile> {
  return store.update(profile.id, { backup: { keyRef: profile.keyRef, at: new Date().toISOString() } });
}

/** A new profile from a backup: its keys stored, the reading ones as its history. Nothing stays behind on a failure. */
export async function restoreProfile(
  store: ProfileStore,
  vault: KeyVault,
  p12: Buffer,
  password: string,
  input: Omit<ProfileInput, 'keyRef' | 'readingKeyRefs' | 'certificate' | 'backup'>,
): Promise<Profile> {
  const { current, reading } = await vault.importBackup(p12, password);
  try {
    return await store.add({
      ...input,
      keyRef: current.keyRef,
      ...(reading.length > 0 ? { readingKeyRefs: reading.map((r) => r.keyRef) } : {}),
      ...(current.certificate ? { certificate: current.certificate } : {}),
      backup: { keyRef: current.keyRef, at: new Date().toISOString() },
    });
  } catch (error) {
    for (const k of [current, ...reading]) await vault.remove(k.keyRef);
    throw error;
  }
}
