// What the data folder keeps for one profile besides the profile store and the key vault: its
// New/Changes state, its collaborators' certificates and pins, its receipts queue and its backup notice's
// dismissal. All of it goes with the profile, so nothing of a removed profile lingers on disk
// and a profile added again (from a backup) starts clean.
import { rm } from 'node:fs/promises';
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';
import { collaboratorsFile } from '../../services/trust/collaborator-certificates.js';
import { receiptQueueFile } from '../../services/receipts/receipt-sender.js';
import type { AppContext } from '../app-context.js';
import { noticesFile } from '../keys/notice-handlers.js';
import { forgetReceipts } from '../receipts/receipt-handlers.js';
import { seenFile } from '../whats-new/seen-store.js';
import { pinsFile } from '../trust/pin-store.js';

/** Deletes the profile's own files and its entry in the shared ones (none there: nothing happens). */
export async function removeProfileFiles(dataDir: string, profileId: string): Promise<void> {
  for (const file of [seenFile, collaboratorsFile, receiptQueueFile, pinsFile])
    await rm(file(dataDir, profileId), { force: true });
  const notices = noticesFile(dataDir);
  const dismissals = await readJsonFile<{ backup?: Record<string, string> }>(notices).catch(() => undefined);
  if (dismissals?.backup && profileId in dismissals.backup) {
    const { [profileId]: _gone, ...backup } = dismissals.backup;
    await writeJsonAtomic(notices, { ...dismissals, backup });
  }
}

/**
 * A profile removed from the app: its session stops (no refresh, no write of its New state), its
 * receipts sender stops, then its files go. Called after the profile left the store.
 */
export async function forgetProfile(ctx: AppContext, profileId: string): Promise<void> {
  await ctx.forgetSession(profileId);
  await forgetReceipts(ctx, profileId);
  await removeProfileFiles(ctx.options.dataDir, profileId);
}
