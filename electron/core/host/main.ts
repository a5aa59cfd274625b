// Runs the app core behind the browser host: the platform is the local machine (open with
// the default application via the OS opener, downloads instead of save dialogs, in-app
// toasts instead of OS notifications).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { APP_VERSION } from '../../services/app-info.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox, scryptOverride, type SecretBox } from '../../services/keys/secret-box.js';
import { createApp } from '../app.js';
import { testClock } from './test-clock.js';
import { isStagedCopy, stagingDirOf } from '../transfers/file-registry.js';
import { defaultDataDir } from '../data-dir.js';
import { allowOrigins, createDoor, type Door } from '../ipc-door.js';
import { childEnv, takePassphrase } from '../keys/passphrase-env.js';
import type { AppCore, EventSink, Platform } from '../platform.js';
import { startBrowserHost, type BrowserHost } from './browser-host.js';
import { launchBrowser, removeLaunchFile, writeLaunchFile, type BrowserLaunch } from './launch.js';
import { appLocked, HostLock } from './lock.js';

interface HostAppOptions {
  readonly dataDir?: string;
  readonly port?: number;
  readonly openBrowser: boolean;
  /** Which browser opens the app, with what extra arguments (the system's Chromium by default). */
  readonly browser?: BrowserLaunch;
  readonly rendererDir?: string;
  /**
   * Protects keys (STUDY_EXCHANGE_PASSPHRASE by default, taken out of the environment). Without
   * one the page asks for it (lock.ts): nothing keeps it beside the data.
   */
  readonly passphrase?: string;
}

export interface HostApp {
  readonly host: BrowserHost;
  /** The app core, once the keys are unlocked (at once with STUDY_EXCHANGE_PASSPHRASE). */
  core(): AppCore | undefined;
  /** The browser opened on the app, if one was. */
  readonly browser: ChildProcess | undefined;
  close(): Promise<void>;
}

const notOpen = { ok: false, error: appLocked() } as const;

/** Where the browser host keeps the port it listened on last. */
const PORT_FILE = 'host-port';

/**
 * Starts the host on the port asked for, else on the one it used last (a random one the first
 * time, or when that one is taken), and keeps it: the page's origin then stays the same across
 * restarts, and with it what the page keeps in localStorage (column widths, the details pane).
 */
async function startOnKeptPort(
  dataDir: string,
  asked: number | undefined,
  start: (port: number | undefined) => Promise<BrowserHost>,
): Promise<BrowserHost> {
  if (asked !== undefined) return start(asked);
  const file = join(dataDir, PORT_FILE);
  const kept = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  const host =
    Number.isInteger(kept) && kept >= 1024 && kept <= 65535
      ? await start(kept).catch(() => start(undefined))
      : await start(undefined);
  const port = new URL(host.origins[0]!).port;
  if (port !== String(kept)) await writeFile(file, port, { mode: 0o600 });
  return host;
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
  const platform = (secretBox: SecretBox): Platform => ({
    kind: 'browser',
    openPath: async (path) => {
      spawn(openerCommand(), [path], { detached: true, stdio: 'ignore', env: childEnv() })
        .on('error', () => {})
        .unref();
    },
    // The folder, never the file, goes to the opener: it opens the file manager there.
    showInFolder: (path) =>
      void spawn(openerCommand(), [dirname(path)], { detached: true, stdio: 'ignore', env: childEnv() })
        .on('error', () => {})
        .unref(),
    offerDownload: (path, fileName, gone) => hostRef.host!.offerDownload(path, fileName, gone),
    notify: (title, body, kind = 'success') => hostRef.host?.emit('notification', { kind, title, body }),
    secretBox,
  });
  const originCheck: { allowed?: (s: { url: string }) => boolean } = {};
  let core: AppCore | undefined;
  let door: Door | undefined;
  let unsubscribe = (): void => {};
  /** Builds the app core around the unlocked box: from then on calls reach the real door. */
  const open = async (secretBox: SecretBox): Promise<void> => {
    // Keys an earlier version sealed with a lower scrypt cost are sealed again now the passphrase is here.
    await new KeyVault(dataDir, secretBox).resealOutdated();
    const opened = await createApp({
      dataDir,
      platform: platform(secretBox),
      version: APP_VERSION,
      ...testClock(process.env),
    });
    door = createDoor({
      handlers: opened.handlers,
      isTrustedSender: (s) => originCheck.allowed?.(s) ?? false,
      // The host wrote this copy itself from the page's drop (staging.ts): it may be uploaded, then deleted.
      stage: (file) => opened.registerFile({ ...file, temporary: isStagedCopy(dataDir, file.path) }),
      log: (line) => console.error(line),
    });
    const forward: EventSink = (name, payload) => hostRef.host?.emit(name, payload);
    unsubscribe = opened.onEvent(forward);
    core = opened;
  };

  const fromEnv = takePassphrase();
  const passphrase = options.passphrase ?? fromEnv;
  const lock = passphrase ? undefined : new HostLock(dataDir, scryptOverride(process.env));
  if (passphrase) await open(new PassphraseSecretBox(passphrase, scryptOverride(process.env)));
  let opening: Promise<void> | undefined;
  const startHost = (port: number | undefined) =>
    startBrowserHost({
      // Until the keys are unlocked the host answers calls itself (423); the door exists after.
      door: {
        call: (sender, operation, args) => (door ? door.call(sender, operation, args) : Promise.resolve(notOpen)),
        stage: (sender, args) => (door ? door.stage(sender, args) : Promise.resolve(notOpen)),
      },
      rendererDir: options.rendererDir ?? resolve('dist/renderer'),
      stagingDir: stagingDirOf(dataDir),
      port,
      onCodeSpent: () => void removeLaunchFile(dataDir).catch(() => {}),
      ...(lock
        ? {
            gate: {
              state: async () => (core ? 'open' : lock.state()),
              unlock: async (given: string) => {
                if (core) return;
                const box = await lock.unlock(given);
                opening ??= open(box).finally(() => (opening = undefined));
                await opening;
              },
            },
          }
        : {}),
    });
  const host = await startOnKeptPort(dataDir, options.port, startHost);
  hostRef.host = host;
  originCheck.allowed = allowOrigins(host.origins);

  console.log(`Open ${host.url}`);
  // The browser gets a file that carries the code, never the code on its command line (launch.ts).
  const browser = options.openBrowser
    ? launchBrowser(dataDir, await writeLaunchFile(dataDir, host.url), options.browser)
    : undefined;

  const close = async () => {
    unsubscribe();
    await host.close();
    await removeLaunchFile(dataDir).catch(() => {});
    await core?.close();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void close().then(() => process.exit(0)));
  return { host, core: () => core, browser, close };
}
