// Where the "never backed up" notice's dismissals are kept: notices.json in the data folder,
// profile id → the key reference whose notice was dismissed. Its handlers read and write them; a
// profile's removal takes its entry (profiles/profile-state.ts) without reaching the handlers.
import path from 'node:path';
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';

export interface Dismissals {
  /** profileId → the keyRef whose notice was dismissed. */
  readonly backup: Record<string, string>;
}

/** The dismissals in the data folder, profile id → key reference. */
export const noticesFile = (dataDir: string): string => path.join(dataDir, 'notices.json');

/** A profile removed: its dismissal goes, the others' stay (none: nothing is written). */
export async function forgetDismissal(dataDir: string, profileId: string): Promise<void> {
  const notices = noticesFile(dataDir);
  const dismissals = await readJsonFile<{ backup?: Record<string, string> }>(notices).catch(() => undefined);
  if (dismissals?.backup && profileId in dismissals.backup) {
    const { [profileId]: _gone, ...backup } = dismissals.backup;
    await writeJsonAtomic(notices, { ...dismissals, backup });
  }
}
