// Electron entry: a thin shell that wires the app core (plain Node) to a window through the
// door. Everything that can run without Electron lives in electron/core and electron/services.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, nativeImage, Notification, protocol, shell } from 'electron';
import { CALL_CHANNEL, EVENT_CHANNEL, STAGE_CHANNEL } from '../../shared/ipc/channels.js';
import type { EventPayloads } from '../../shared/ipc/contract.js';
import { createApp } from '../core/app.js';
import { allowOrigins, createDoor } from '../core/ipc-door.js';
import type { Platform } from '../core/platform.js';
import { takePassphrase } from '../core/keys/passphrase-env.js';
import { KeyVault } from '../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../services/keys/secret-box.js';
import { APP_VERSION } from '../services/app-info.js';
import { APP_SCHEME, rendererResponse, rendererUrlFor } from './app-protocol.js';
import { showArrivalNotification } from './arrival-notification.js';
import { createMainWindow } from './main-window.js';
import { installMenu } from './menu.js';
import { askPassphrase } from './passphrase-window.js';
import { safeStorageBox, safeStorageIsWeak } from './safe-storage-box.js';

const APP_NAME = 'Study Exchange Desktop';
// Read once and out of the environment before anything starts: no program the app opens inherits it.
const passphraseFromEnv = takePassphrase();

// Before the app is ready: app:// is a standard, secure scheme (its pages get an origin and fetch).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void run();
}

async function run(): Promise<void> {
  await app.whenReady();
  const dataDir = process.env.STUDY_EXCHANGE_DATA ?? app.getPath('userData');
  // The app's URL: Vite's dev server in development (never in a packaged app), the built page on
  // app:// otherwise. The window loads it, navigation stays under it and the door trusts only it.
  const rendererUrl = rendererUrlFor({ isPackaged: app.isPackaged, devUrl: process.env.VITE_DEV_SERVER_URL });
  const rendererDir = join(__dirname, '..', 'renderer');
  protocol.handle(APP_SCHEME, async (request) => {
    const r = await rendererResponse(rendererDir, request.url);
    return new Response(new Uint8Array(r.body), { status: r.status, headers: r.headers });
  });
  const preloadPath = join(__dirname, 'preload.cjs');

  // On Linux without a keyring, safeStorage is only obfuscation: keys are sealed with a
  // passphrase instead, from STUDY_EXCHANGE_PASSPHRASE or asked as the browser host asks it.
  let secretBox = safeStorageBox;
  if (safeStorageIsWeak()) {
    const box = passphraseFromEnv
      ? new PassphraseSecretBox(passphraseFromEnv)
      : await askPassphrase(dataDir, rendererDir);
    if (!box) {
      app.quit();
      return;
    }
    await new KeyVault(dataDir, box).resealOutdated();
    secretBox = box;
  }

  // Filled once the window exists; the platform's dialogs attach to it.
  const shellState: { window?: BrowserWindow } = {};
  const platform: Platform = {
    kind: 'electron',
    pickFiles: async ({ folders, purpose }) => {
      const r =
        purpose === 'key'
          ? await dialog.showOpenDialog(shellState.window!, {
              properties: ['openFile'],
              filters: [{ name: 'Private key or PKCS#12', extensions: ['pem', 'key', 'p12', 'pfx'] }],
            })
          : purpose === 'archive'
            ? await dialog.showOpenDialog(shellState.window!, {
                properties: ['openFile'],
                filters: [{ name: 'Study archive', extensions: ['zip'] }],
              })
            : purpose === 'archive-folder'
              ? await dialog.showOpenDialog(shellState.window!, { properties: ['openDirectory'] })
              : await dialog.showOpenDialog(shellState.window!, {
                  properties: [folders ? 'openDirectory' : 'openFile', 'multiSelections'],
                });
      return r.canceled ? [] : r.filePaths;
    },
    saveDialog: async (defaultName) => {
      const r = await dialog.showSaveDialog(shellState.window!, { defaultPath: defaultName });
      return r.canceled ? undefined : r.filePath;
    },
    openPath: async (path) => {
      const problem = await shell.openPath(path);
      if (problem) throw new Error(problem);
    },
    showInFolder: (path) => shell.showItemInFolder(path),
    startDrag: (file) => shellState.window?.webContents.startDrag({ file, icon: nativeImage.createEmpty() }),
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
    secretBox,
  };

  const core = await createApp({ dataDir, platform, version: APP_VERSION });
  const door = createDoor({
    handlers: core.handlers,
    isTrustedSender: allowOrigins([rendererUrl]),
    stage: (file) => core.registerFile(file),
    log: (line) => console.error(line),
  });

  ipcMain.handle(CALL_CHANNEL, (event, name: unknown, args: unknown) =>
    door.call({ url: event.senderFrame?.url ?? '', id: String(event.sender?.id ?? '') }, String(name), args),
  );
  ipcMain.handle(STAGE_CHANNEL, (event, args: unknown) => door.stage({ url: event.senderFrame?.url ?? '' }, args));
  core.onEvent((name, payload) => {
    // Electron shows its own notification; the page's Web Notification is the browser host's.
    if (name === 'changes.notify')
      return showArrivalNotification(payload as EventPayloads['changes.notify'], () => shellState.window);
    const w = shellState.window;
    if (w && !w.isDestroyed()) w.webContents.send(EVENT_CHANNEL, name, payload);
  });

  installMenu(APP_NAME);
  const window = createMainWindow({ dataDir, preloadPath, rendererUrl });
  shellState.window = window;
  // A reload or navigation never runs the page's own clean-up: its open listings close here.
  const contents = window.webContents;
  const senderId = String(contents.id);
  contents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) core.closeListingsOf(senderId);
  });
  contents.on('render-process-gone', () => core.closeListingsOf(senderId));
  contents.on('destroyed', () => core.closeListingsOf(senderId));
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => {
    void core.close().finally(() => app.quit());
  });
}
