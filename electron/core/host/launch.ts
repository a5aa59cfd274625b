// Opening the browser host in the system's Chromium without putting the one-time code on its
// command line (/proc/<pid>/cmdline is readable by every local user, who could redeem it first):
// the browser opens a file only this user can read, which carries the code and forwards the
// page to the host (as Jupyter does). The file goes once the code is spent, and at close.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { childEnv } from '../keys/passphrase-env.js';

export const LAUNCH_FILE = 'open-app.html';
const CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes the launch file (mode 0600, replacing any earlier one) and returns its path. */
export async function writeLaunchFile(dataDir: string, url: string): Promise<string> {
  const path = join(dataDir, LAUNCH_FILE);
  await rm(path, { force: true });
  const to = escapeHtml(url);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${to}"><title>Study Exchange Desktop</title></head>
<body><p><a href="${to}">Open Study Exchange Desktop</a></p></body></html>
`;
  // 'wx': a file (or link) planted in its place since the rm above is not written through.
  await writeFile(path, html, { mode: 0o600, flag: 'wx' });
  return path;
}

export function removeLaunchFile(dataDir: string): Promise<void> {
  return rm(join(dataDir, LAUNCH_FILE), { force: true });
}

export interface BrowserLaunch {
  /** The browser to start; the first Chromium found by default. */
  readonly executable?: string;
  /** More arguments, before the app's own. */
  readonly args?: readonly string[];
}

/** Starts the browser on the launch file in its own profile; undefined when none is installed. */
export function launchBrowser(
  dataDir: string,
  launchFile: string,
  launch: BrowserLaunch = {},
): ChildProcess | undefined {
  const executable = launch.executable ?? CHROMIUMS.find(existsSync);
  if (!executable) return undefined;
  const args = [
    ...(launch.args ?? []),
    `--app=${pathToFileURL(launchFile).href}`,
    `--user-data-dir=${join(dataDir, 'chromium-profile')}`,
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  const child = spawn(executable, args, { detached: true, stdio: 'ignore', env: childEnv() });
  child.on('error', () => {}).unref();
  return child;
}
