// The window's "never backed up" notice, dismissed once per profile and key: remembered in the
// data folder by the key's reference, so a renewal's new key, not yet backed up, brings it back.
import path from 'node:path';
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';

interface Dismissals {
  /** profileId → the keyRef whose notice was dismissed. */
  readonly backup: Record<string, string>;
}

/** The dismissals in the data folder, profile id → key reference. */
export const noticesFile = (dataDir: string): string => path.join(dataDir, 'notices.json');

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
