// The app's data folder, where Electron's userData would be: the Electron app, the browser
// host and the command-line tool find the same profiles there. (A key stored under Electron's
// safeStorage opens only in the app; the tool and the host use a passphrase.)
import { chmod, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

const PRODUCT_NAME = 'Study Exchange Desktop';

export function defaultDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.STUDY_EXCHANGE_DATA) return env.STUDY_EXCHANGE_DATA;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

/**
 * The folders below the data folder that hold keys, what was seen ("changes"), collaborators'
 * certificates and pins, receipts waiting to go, New folder's empty folders, and the sandbox's
 * exchange (its database and its CA's key).
 */
export const PRIVATE_FOLDERS = [
  'keys',
  'changes',
  'collaborators',
  'pins',
  'receipts',
  'empty-folders',
  'sandbox',
  'sandbox/exchange',
];

/**
 * Makes the data folder and those below it readable by this user only (0700), whatever mode an
 * older version or another program left them with: run at every start, and after the sandbox is
 * made. Folders not made yet are left to be made (private: atomic-file.ts) when first needed.
 * On Windows the profile folder's ACLs do this, and modes mean nothing.
 */
export async function securePrivateFolders(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  if (platform === 'win32') return;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  for (const folder of PRIVATE_FOLDERS) {
    await chmod(join(dataDir, folder), 0o700).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
