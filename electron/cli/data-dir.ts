// The app data folder the desktop app uses too, so profiles made by either are shared.
import os from 'node:os';
import path from 'node:path';

export const APP_FOLDER = 'study-exchange-desktop';

export function defaultDataDir(env: Readonly<Record<string, string | undefined>> = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.STUDY_EXCHANGE_DATA) return env.STUDY_EXCHANGE_DATA;
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(os.homedir(), 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', APP_FOLDER);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), APP_FOLDER);
}
