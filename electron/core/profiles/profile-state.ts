// What the data folder keeps for one profile besides the profile store and the key vault: its
// New/Changes state, its collaborators' certificates and pins, its receipts queue, its empty folders
// and its backup notice's dismissal. All of it goes with the profile, so nothing of a removed profile lingers on disk
// and a profile added again (from a backup) starts clean. It reads the rooms' file names from
// their leaf modules, never their handlers: the app's removal of a profile
// (AppContext.forgetProfile) stops what runs, then calls this.
import { rm } from 'node:fs/promises';
import { collaboratorsFile } from '../../services/trust/collaborator-certificates.js';
import { receiptQueueFile } from '../../services/receipts/receipt-sender.js';
import { forgetDismissal } from '../keys/backup-dismissals.js';
import { seenFile } from '../whats-new/seen-store.js';
import { pinsFile } from '../trust/pin-store.js';
import { emptyFoldersFile } from '../file-manager/empty-folders.js';

/** Deletes the profile's own files and its entry in the shared ones (none there: nothing happens). */
export async function removeProfileFiles(dataDir: string, profileId: string): Promise<void> {
  for (const file of [seenFile, collaboratorsFile, receiptQueueFile, pinsFile, emptyFoldersFile])
    await rm(file(dataDir, profileId), { force: true });
  await forgetDismissal(dataDir, profileId);
}
