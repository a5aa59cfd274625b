// The window's "never backed up" notice, dismissed once per profile and key: remembered in the
// data folder by the key's reference, so a renewal's new key, not yet backed up, brings it back.
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { noticesFile, type Dismissals } from './backup-dismissals.js';

export function noticeHandlers(ctx: AppContext): Pick<Handlers, 'notices.list' | 'notices.dismissBackup'> {
  const file = noticesFile(ctx.options.dataDir);
  const read = async (): Promise<Dismissals> => ({ backup: (await readJsonFile<Dismissals>(file))?.backup ?? {} });
  const list = async (d: Dismissals) => ({
    backupDismissed: (await ctx.profiles.list()).filter((p) => d.backup[p.id] === p.keyRef).map((p) => p.id),
  });
  return {
    'notices.list': async () => list(await read()),
    'notices.dismissBackup': async ({ profileId }) => {
      const profile = await ctx.profiles.get(profileId);
      const d = await read();
      const next = { backup: { ...d.backup, [profile.id]: profile.keyRef } };
      await writeJsonAtomic(file, next);
      return list(next);
    },
  };
}
