// A stand-in for the `electron` module, bundled in its place (an esbuild alias) so the real
// shell bundle runs under Node in the tests. It is not a mock of our code: it records what the
// shell asks of Electron (windows, preferences, handlers, protocols) and answers the little
// the shell needs, and the tests then drive those recorded handlers.
/* eslint-disable @typescript-eslint/no-explicit-any */

type Listener = (...args: any[]) => any;

export interface StandInRecord {
  isPackaged: boolean;
  windows: {
    options: any;
    loaded: string[];
    webContents: { listeners: Record<string, Listener[]>; windowOpen?: Listener; sent?: any[][] };
    /** How often the shell brought it forward (show and focus). */
    focused?: number;
  }[];
  ipc: Record<string, Listener>;
  privileged: any[];
  protocols: Record<string, Listener>;
  permissionRequest?: Listener;
  headersReceived?: Listener;
  appListeners: Record<string, Listener[]>;
  exposed: Record<string, any>;
  errors: string[];
  /** Desktop notifications the shell made (when `notificationsSupported`), with their listeners. */
  notifications?: { options: any; shown: number; listeners: Record<string, Listener[]> }[];
  notificationsSupported?: boolean;
  /** safeStorage's backend; 'basic_text' is Linux without a keyring. */
  storageBackend?: string;
}

const record: StandInRecord = ((globalThis as any).__electronStandIn ??= {
  isPackaged: true,
  windows: [],
  ipc: {},
  privileged: [],
  protocols: {},
  appListeners: {},
  exposed: {},
  errors: [],
});

export const app = {
  get isPackaged() {
    return record.isPackaged;
  },
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  getPath: (name: string) => `/nonexistent/${name}`,
  quit: () => undefined,
  on: (event: string, listener: Listener) => void (record.appListeners[event] ??= []).push(listener),
};

export class BrowserWindow {
  private readonly entry: StandInRecord['windows'][number];
  readonly webContents: any;
  constructor(options: any) {
    this.entry = { options, loaded: [], webContents: { listeners: {} } };
    record.windows.push(this.entry);
    const wc = this.entry.webContents;
    this.webContents = {
      on: (event: string, listener: Listener) => void (wc.listeners[event] ??= []).push(listener),
      setWindowOpenHandler: (handler: Listener) => void (wc.windowOpen = handler),
      send: (...args: any[]) => void (wc.sent ??= []).push(args),
      startDrag: () => undefined,
    };
  }
  loadURL(url: string) {
    this.entry.loaded.push(url);
    return Promise.resolve();
  }
  destroy() {}
  once() {}
  on() {}
  maximize() {}
  show() {}
  focus() {
    this.entry.focused = (this.entry.focused ?? 0) + 1;
  }
  restore() {}
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  isDestroyed() {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1200, height: 800 };
  }
}

export const ipcMain = { handle: (channel: string, listener: Listener) => void (record.ipc[channel] = listener) };
export const protocol = {
  registerSchemesAsPrivileged: (schemes: any[]) => void record.privileged.push(...schemes),
  handle: (scheme: string, handler: Listener) => void (record.protocols[scheme] = handler),
};
export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: Listener) => void (record.permissionRequest = handler),
    setPermissionCheckHandler: () => undefined,
    webRequest: { onHeadersReceived: (handler: Listener) => void (record.headersReceived = handler) },
  },
};
export const dialog = {
  showErrorBox: (title: string, text: string) => void record.errors.push(`${title}: ${text}`),
  showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
  showSaveDialog: () => Promise.resolve({ canceled: true }),
};
export const shell = { openPath: () => Promise.resolve(''), openExternal: () => Promise.resolve() };
export const nativeImage = { createEmpty: () => ({}) };
export class Notification {
  private readonly entry: NonNullable<StandInRecord['notifications']>[number];
  static isSupported() {
    return record.notificationsSupported ?? false;
  }
  constructor(options: any) {
    this.entry = { options, shown: 0, listeners: {} };
    (record.notifications ??= []).push(this.entry);
  }
  on(event: string, listener: Listener) {
    (this.entry.listeners[event] ??= []).push(listener);
    return this;
  }
  show() {
    this.entry.shown++;
  }
}
export const Menu = { setApplicationMenu: () => undefined, buildFromTemplate: (t: unknown) => t };
export const screen = {
  getAllDisplays: () => [
    { workArea: { x: 0, y: 0, width: 1920, height: 1080 }, bounds: { x: 0, y: 0, width: 1920, height: 1080 } },
  ],
};
/** A keychain that reverses nothing secret: enough for the shell to store the sandbox's keys. */
export const safeStorage = {
  getSelectedStorageBackend: () => record.storageBackend ?? 'gnome_libsecret',
  isAsyncEncryptionAvailable: () => Promise.resolve(true),
  encryptStringAsync: (text: string) => Promise.resolve(Buffer.from(`stand-in:${text}`)),
  decryptStringAsync: (blob: Buffer) =>
    Promise.resolve({ result: blob.toString().replace(/^stand-in:/, ''), shouldReEncrypt: false }),
};
export const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => void (record.exposed[key] = api) };
export const ipcRenderer = {
  invoke: () => Promise.resolve(undefined),
  on: () => undefined,
  removeListener: () => undefined,
};
export const webUtils = { getPathForFile: () => '' };
