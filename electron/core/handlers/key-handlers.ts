// A profile's keys beyond adding them: the backup, saved through main's own dialog.
import { chmod, writeFile } from 'node:fs/promises';
import { UserFacingError } from '../../../shared/app-error.js';
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';
import { backupFile, markBackedUp } from '../../services/profile-backup.js';
import { toProfileView } from '../session.js';

export function keyHandlers(ctx: AppContext): Pick<Handlers, 'profiles.backup'> {
  return {
    'profiles.backup': async ({ profileId, password }) => {
      const profile = await ctx.profiles.get(profileId);
      const view = (p: typeof profile) => toProfileView(p, ctx.activeProfileId() === p.id);
      const { saveDialog } = ctx.options.platform;
      if (!saveDialog) {
        throw new UserFacingError(
          'not-available',
          'No save dialog here, so the backup cannot be saved from this window.',
          `Run "study-exchange profile backup ${profile.name} --out FILE.p12" on this computer.`,
        );
      }
      const destination = await saveDialog(`${profile.name.replace(/[^\p{L}\p{N} ._-]+/gu, '_')} keys.p12`);
      if (!destination) return { saved: false, profile: view(profile) };
      const p12 = await backupFile(ctx.vault, profile, password);
      // A file the user chose to replace keeps its old mode on write: set it again.
      await writeFile(destination, p12, { mode: 0o600 });
      await chmod(destination, 0o600);
      const next = await markBackedUp(ctx.profiles, profile);
      return { saved: true, profile: view(next) };
    },
  };
}
