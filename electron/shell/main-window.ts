// The one window, with Electron's security checklist applied (architecture guide).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session, shell } from 'electron';
import { DEVELOPMENT_CSP } from './app-protocol.js';
import { loadWindowState, trackWindowState } from './window-state.js';

interface WindowOptions {
  readonly dataDir: string;
  readonly preloadPath: string;
  /** Vite's dev server in development; app://study-exchange/index.html otherwise. */
  readonly rendererUrl: string;
}

/** The URL prefixes the app's own pages live under: everything else is foreign. */
function appUrlPrefix(rendererUrl: string): string {
  const u = new URL(rendererUrl);
  // A custom scheme has no WHATWG origin ('null'): name it by scheme and host.
  return u.protocol === 'file:'
    ? pathToFileURL(join(decodeURIComponent(u.pathname), '..')).href + '/'
    : `${u.protocol}//${u.host}/`;
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const state = loadWindowState(options.dataDir);
  const prefix = appUrlPrefix(options.rendererUrl);

  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // app:// answers carry their CSP (app-protocol.ts); Vite's dev server gets the development one.
  if (options.rendererUrl.startsWith('http:')) {
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [DEVELOPMENT_CSP] } });
    });
  }

  const window = new BrowserWindow({
    x: state.x || undefined,
    y: state.y || undefined,
    width: state.width,
    height: state.height,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Study Exchange Desktop',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  if (state.maximized) window.maximize();
  trackWindowState(window, options.dataDir);
  window.once('ready-to-show', () => window.show());

  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(prefix)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links leave the app only as parsed http(s) URLs opened by the system browser.
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') void shell.openExternal(parsed.href);
    } catch {
      /* not a URL: ignore */
    }
    return { action: 'deny' };
  });

  void window.loadURL(options.rendererUrl);
  return window;
}
