// Backing up a profile's keys (current and reading) as one PKCS#12 file, and adding a profile
// back from such a file with its key history and its companion data: the pinned certificates
// (issue 34), so a restored profile wraps keys only for the certificates it had accepted rather
// than trusting whatever the exchange lists first. The password is used once and never kept.
import { z } from 'zod';
import { pinSchema, type Pin } from '../../../shared/trust/pins.js';
import { KeyImportError } from './key-import.js';
import type { KeyVault } from './key-vault.js';
import type { Profile, ProfileInput, ProfileStore } from '../profiles/profiles.js';

/** The profile's pins by organization id, as a backup carries them. */
export type BackupPins = Record<string, Pin>;

const companionSchema = z.object({ version: z.literal(1), pins: z.record(z.string(), pinSchema) });

/** The companion data's bytes (JSON). */
export function companionBytes(pins: BackupPins): Buffer {
  return Buffer.from(JSON.stringify({ version: 1, pins }), 'utf8');
}

/**
 * The pins of a backup's companion data (none in a backup made before pins, or another tool's
 * file). Damaged companion data is refused, never dropped: a restore without its pins would
 * trust whatever certificate the exchange lists first.
 */
export function pinsOfCompanion(companion: Buffer | undefined): BackupPins {
  if (!companion) return {};
  let parsed: z.infer<typeof companionSchema> | undefined;
  try {
    parsed = companionSchema.parse(JSON.parse(companion.toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed)
    throw new KeyImportError(
      'unreadable-p12',
      'The pinned certificates in the backup cannot be read; nothing was restored.',
    );
  for (const [organizationId, pin] of Object.entries(parsed.pins))
    if (pin.organizationId !== organizationId)
      throw new KeyImportError('unreadable-p12', 'The pinned certificates in the backup do not agree with each other.');
  return parsed.pins;
}

/** Whether the profile's current key is in a backup made since it became current. */
export function isBackedUp(profile: Profile): boolean {
  return profile.backup?.keyRef === profile.keyRef;
}

/** The backup file's bytes: the current key, then the reading keys, and the profile's pins. */
export async function backupFile(
  vault: KeyVault,
  profile: Profile,
  password: string,
  pins: BackupPins,
  iterations?: number,
): Promise<Buffer> {
  return vault.exportBackup(
    [
      { keyRef: profile.keyRef, role: 'current' as const },
      ...(profile.readingKeyRefs ?? []).map((keyRef) => ({ keyRef, role: 'reading' as const })),
    ],
    password,
    iterations,
    companionBytes(pins),
  );
}

/** Records the backup once its file is written where the user chose, so a failed write changes nothing. */
export async function markBackedUp(store: ProfileStore, profile: Profile): Promise<Profile> {
  return store.update(profile.id, { backup: { keyRef: profile.keyRef, at: new Date().toISOString() } });
}

/** Where a restored profile's pins go (core/trust's PinStore for the new profile's id). */
export type RestorePins = (profileId: string, pins: BackupPins) => Promise<void>;

/**
 * A new profile from a backup: its keys stored, the reading ones as its history, its pins
 * restored before anything can share. Nothing stays behind on a failure.
 */
export async function restoreProfile(
  store: ProfileStore,
  vault: KeyVault,
  p12: Buffer,
  password: string,
  input: Omit<ProfileInput, 'keyRef' | 'readingKeyRefs' | 'certificate' | 'backup'>,
  restorePins: RestorePins,
): Promise<Profile> {
  const { current, reading, companion } = await vault.importBackup(p12, password);
  let added: Profile | undefined;
  try {
    const pins = pinsOfCompanion(companion);
    added = await store.add({
      ...input,
      keyRef: current.keyRef,
      ...(reading.length > 0 ? { readingKeyRefs: reading.map((r) => r.keyRef) } : {}),
      ...(current.certificate ? { certificate: current.certificate } : {}),
      backup: { keyRef: current.keyRef, at: new Date().toISOString() },
    });
    await restorePins(added.id, pins);
    return added;
  } catch (error) {
    if (added) await store.remove(added.id).catch(() => undefined);
    for (const k of [current, ...reading]) await vault.remove(k.keyRef);
    throw error;
  }
}
