// Electron on Linux without a keyring: the passphrase is asked in a small window of its own that
// shows the browser host's unlock page (core/host/passphrase-prompt.ts holds the logic, tested
// in Node). The one-time code reaches the window through loadURL, never a command line.
import { app, BrowserWindow } from 'electron';
import { startPassphrasePrompt } from '../core/host/passphrase-prompt.js';
import { scryptOverride, type PassphraseSecretBox } from '../services/keys/secret-box.js';

/** The box the passphrase opens; undefined when the window was closed before one was accepted. */
export async function askPassphrase(dataDir: string, rendererDir: string): Promise<PassphraseSecretBox | undefined> {
  const prompt = await startPassphrasePrompt({ dataDir, rendererDir, boxOptions: scryptOverride(process.env) });
  // Closing this window before the main one exists must not quit the app by itself: the caller decides.
  app.on('window-all-closed', () => {});
  const window = new BrowserWindow({
    width: 560,
    height: 560,
    title: 'Study Exchange Desktop: unlock',
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${prompt.origin}/`)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const closed = new Promise<undefined>((resolve) => window.once('closed', () => resolve(undefined)));
  void window.loadURL(prompt.url);
  try {
    return await Promise.race([prompt.unlocked, closed]);
  } finally {
    if (!window.isDestroyed()) window.destroy();
    await prompt.close();
  }
}
