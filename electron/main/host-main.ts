// Runs the app core behind the browser host: the platform is the local machine (open with
// the default application via the OS opener, downloads instead of save dialogs, in-app
// toasts instead of OS notifications).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { APP_VERSION } from '../services/app-info.js';
import { PassphraseSecretBox, scryptOverride } from '../services/keys/secret-box.js';
import { createApp } from './app.js';
import { startBrowserHost, type BrowserHost } from './browser-host.js';
import { defaultDataDir } from './data-dir.js';
import { allowOrigins, createDoor } from './ipc-door.js';
import type { AppCore, EventSink, Platform } from './platform.js';

export interface HostAppOptions {
  readonly dataDir?: string;
  readonly port?: number;
  readonly openBrowser: boolean;
  readonly rendererDir?: string;
}

export interface HostApp {
  readonly host: BrowserHost;
  readonly core: AppCore;
  close(): Promise<void>;
}

/**
 * Without an OS keychain the browser host protects keys with a passphrase: the user's
 * (STUDY_EXCHANGE_PASSPHRASE) or a random one kept beside the data with owner-only access.
 */
async function hostPassphrase(dataDir: string): Promise<string> {
  if (process.env.STUDY_EXCHANGE_PASSPHRASE) return process.env.STUDY_EXCHANGE_PASSPHRASE;
  const file = join(dataDir, 'host-passphrase');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const passphrase = randomBytes(32).toString('base64url');
    await writeFile(file, passphrase, { mode: 0o600, flag: 'wx' });
    return passphrase;
  }
}

function openerCommand(): string {
  if (process.platform === 'darwin') return 'open';
  if (process.platform === 'win32') return 'explorer';
  return 'xdg-open';
}

export async function startHostApp(options: HostAppOptions): Promise<HostApp> {
  const dataDir = resolve(options.dataDir ?? defaultDataDir());
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const hostRef: { host?: BrowserHost } = {};
  const platform: Platform = {
    kind: 'browser',
    openPath: async (path) => {
      spawn(openerCommand(), [path], { detached: true, stdio: 'ignore' }).on('error', () => {}).unref();
    },
    offerDownload: (path, fileName, gone) => hostRef.host!.offerDownload(path, fileName, gone),
    notify: (title, body) => hostRef.host?.emit('notification', { kind: 'success', title, body }),
    secretBox: new PassphraseSecretBox(await hostPassphrase(dataDir), scryptOverride(process.env)),
  };
  const core = await createApp({ dataDir, platform, version: APP_VERSION });
  const originCheck: { allowed?: (s: { url: string }) => boolean } = {};
  const door = createDoor({
    handlers: core.handlers,
    isTrustedSender: (s) => originCheck.allowed?.(s) ?? false,
    log: (line) => console.error(line),
  });
  const host = await startBrowserHost({
    door,
    rendererDir: options.rendererDir ?? resolve('dist/renderer'),
    stagingDir: join(dataDir, 'staging'),
    port: options.port,
    onStaged: (f) => {
      // The host wrote this file itself from the page's drop: it may be uploaded.
      core.registerFile({ path: f.path, relativePath: f.relativePath, size: f.size, name: f.name, ref: f.ref, temporary: true });
    },
  });
  hostRef.host = host;
  originCheck.allowed = allowOrigins(host.origins);
  const forward: EventSink = (name, payload) => host.emit(name, payload);
  const unsubscribe = core.onEvent(forward);

  console.log(`Open ${host.url}`);
  if (options.openBrowser) {
    const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
    if (chromium) {
      spawn(chromium, [`--app=${host.url}`, `--user-data-dir=${join(dataDir, 'chromium-profile')}`, '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'], {
        detached: true,
        stdio: 'ignore',
      })
        .on('error', () => {})
        .unref();
    }
  }

  const close = async () => {
    unsubscribe();
    await host.close();
    await core.close();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().then(() => process.exit(0)));
  return { host, core, close };
}
