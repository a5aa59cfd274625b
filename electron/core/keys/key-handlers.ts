// A profile's keys beyond adding them: the backup, saved through main's own dialog, or (the
// browser host, which has none) offered once as a download like a document. Saved through the
// dialog it is backed up at once; offered, only once the browser fetched the whole file (an offer
// that expires unfetched leaves the profile "never backed up").
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserFacingError } from '../../../shared/app-error.js';
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';
import { backupFile, markBackedUp } from '../../services/keys/profile-backup.js';
import type { Profile } from '../../services/profiles/profiles.js';
import { profileView } from '../profiles/profile-handlers.js';

/** The browser fetched the backup whole: the key it holds is backed up, and the window is told. */
async function backedUpByDownload(ctx: AppContext, profile: Profile): Promise<void> {
  // removed meanwhile: nothing to mark
  const next = await markBackedUp(ctx.profiles, profile).catch(() => undefined);
  if (next) ctx.emit('profile.updated', await profileView(ctx, next));
}

export function keyHandlers(ctx: AppContext): Pick<Handlers, 'profiles.backup'> {
  return {
    'profiles.backup': async ({ profileId, password }) => {
      const profile = await ctx.profiles.get(profileId);
      const { saveDialog, offerDownload } = ctx.options.platform;
      const fileName = `${profile.name.replace(/[^\p{L}\p{N} ._-]+/gu, '_')} keys.p12`;
      if (!saveDialog && !offerDownload) {
        throw new UserFacingError(
          'not-available',
          'No save dialog here, so the backup cannot be saved from this window.',
          `Run "study-exchange profile backup ${profile.name} --out FILE.p12" on this computer.`,
        );
      }
      const destination = saveDialog ? await saveDialog(fileName) : join(await ctx.copies.newSlot(), fileName);
      if (!destination) return { saved: false, profile: await profileView(ctx, profile) };
      const p12 = await backupFile(ctx.vault, profile, password, await ctx.pins(profile.id).export());
      // A file the user chose to replace keeps its old mode on write: set it again.
      await writeFile(destination, p12, { mode: 0o600 });
      await chmod(destination, 0o600);
      if (saveDialog)
        return { saved: true, profile: await profileView(ctx, await markBackedUp(ctx.profiles, profile)) };
      // The staged copy (owner only, in the copies folder) goes once fetched, or when nobody fetched it in time.
      const download = offerDownload!(destination, fileName, async (served) => {
        await ctx.copies.remove(destination);
        if (served) await backedUpByDownload(ctx, profile);
      });
      return { saved: true, profile: await profileView(ctx, profile), download };
    },
  };
}
