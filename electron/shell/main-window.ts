// The one window, with Electron's security checklist applied (architecture guide).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session, shell } from 'electron';
import { loadWindowState, trackWindowState } from './window-state.js';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws://localhost:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface WindowOptions {
  readonly dataDir: string;
  readonly preloadPath: string;
  /** Vite's dev server in development; the built index.html otherwise. */
  readonly rendererUrl: string;
}

/** The URL prefixes the app's own pages live under: everything else is foreign. */
export function appUrlPrefix(rendererUrl: string): string {
  const u = new URL(rendererUrl);
  return u.protocol === 'file:' ? pathToFileURL(join(decodeURIComponent(u.pathname), '..')).href + '/' : u.origin + '/';
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const state = loadWindowState(options.dataDir);
  const prefix = appUrlPrefix(options.rendererUrl);

  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // Vite's dev server injects an inline preamble for React refresh: allowed in development only.
  const csp = options.rendererUrl.startsWith('http:') ? CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'") : CSP;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });

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
