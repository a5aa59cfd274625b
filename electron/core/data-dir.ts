// The app's data folder, where Electron's userData would be: the Electron app, the browser
// host and the command-line tool find the same profiles there. (A key stored under Electron's
// safeStorage opens only in the app; the tool and the host use a passphrase.)
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
