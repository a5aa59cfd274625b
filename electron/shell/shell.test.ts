// The Electron shell itself, run: the real main and preload bundles (esbuild, as the build makes
// them) with `electron` aliased to a stand-in of its API (test-support/electron-stand-in.ts),
// under Node. The tests drive what the shell registered with Electron.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_CHANNEL, EVENT_CHANNEL, STAGE_CHANNEL } from '../../shared/ipc/channels.js';
import { OPERATION_NAMES } from '../../shared/ipc/names.js';
import { APP_URL, PRODUCTION_CSP } from './app-protocol.js';
import type { StandInRecord } from './test-support/electron-stand-in.js';

let dir: string;
let record: StandInRecord;
const require = createRequire(import.meta.url);
const APP_SENDER = { senderFrame: { url: APP_URL }, sender: { id: 1 } };

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'error',
    alias: { electron: resolve('electron/shell/test-support/electron-stand-in.ts') },
    external: ['better-sqlite3'],
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
}

beforeAll(async () => {
  // Under node_modules, so the bundle finds the native module it leaves external (better-sqlite3).
  await mkdir(resolve('node_modules', '.cache'), { recursive: true });
  dir = await mkdtemp(join(resolve('node_modules', '.cache'), 'shell-test-'));
  await mkdir(join(dir, 'renderer'), { recursive: true });
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
  await bundle('electron/shell/main.ts', join(dir, 'electron', 'main.cjs'));
  await bundle('electron/preload/preload.ts', join(dir, 'electron', 'preload.cjs'));
  record = {
    isPackaged: true,
    windows: [],
    ipc: {},
    privileged: [],
    protocols: {},
    appListeners: {},
    exposed: {},
    errors: [],
    notificationsSupported: true,
  };
  (globalThis as { __electronStandIn?: StandInRecord }).__electronStandIn = record;
  // A packaged app launched with a dev server URL in its environment must ignore it.
  process.env.VITE_DEV_SERVER_URL = 'http://evil.example:5173/';
  process.env.STUDY_EXCHANGE_DATA = join(dir, 'data');
  require(join(dir, 'electron', 'main.cjs'));
  require(join(dir, 'electron', 'preload.cjs'));
  for (let i = 0; i < 600 && record.windows.length === 0 && record.errors.length === 0; i++)
    await new Promise((r) => setTimeout(r, 100));
}, 120_000);

afterAll(async () => {
  delete process.env.VITE_DEV_SERVER_URL;
  delete process.env.STUDY_EXCHANGE_DATA;
  for (const close of record?.appListeners['window-all-closed'] ?? []) close();
  await new Promise((r) => setTimeout(r, 1000));
  await rm(dir, { recursive: true, force: true });
});

describe('the Electron shell under a stand-in of Electron', () => {
  it("creates one window with the security checklist's preferences, loading app:// (not the dev URL: packaged)", () => {
    expect(record.errors).toEqual([]);
    expect(record.windows).toHaveLength(1);
    const w = record.windows[0]!;
    expect(w.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
    expect(String(w.options.webPreferences.preload)).toMatch(/preload\.cjs$/);
    expect(w.loaded).toEqual([APP_URL]);
  });

  it("registers the call and stage channels only, and the door answers exactly the contract's operations", async () => {
    expect(Object.keys(record.ipc).sort()).toEqual([CALL_CHANNEL, STAGE_CHANNEL].sort());
    const call = record.ipc[CALL_CHANNEL]!;
    const info = await call(APP_SENDER, 'app.info', {});
    expect(info).toMatchObject({ ok: true, value: { host: 'electron' } });
    for (const name of OPERATION_NAMES) {
      const r = await call(APP_SENDER, name, { '': 'not the arguments' });
      expect(JSON.stringify(r), name).not.toContain('unknown operation');
    }
    expect(JSON.stringify(await call(APP_SENDER, 'shell.exec', {}))).toContain('unknown operation');
  });

  it('refuses every operation from a foreign sender', async () => {
    const call = record.ipc[CALL_CHANNEL]!;
    for (const url of ['http://evil.example:5173/', 'file:///tmp/evil.html', 'evil://study-exchange/index.html', '']) {
      for (const name of ['app.info', 'profiles.list', 'sandbox.reset']) {
        const r = await call({ senderFrame: { url }, sender: { id: 2 } }, name, {});
        expect(r, `${name} from ${url}`).toMatchObject({ ok: false });
      }
    }
    expect(
      await record.ipc[STAGE_CHANNEL]!(
        { senderFrame: { url: 'https://evil.example/' } },
        { path: '/etc/passwd', relativePath: 'passwd', size: 1 },
      ),
    ).toMatchObject({ ok: false });
  });

  it('serves app:// with the CSP as a response header, from a privileged secure scheme', async () => {
    expect(record.privileged).toEqual([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
    const response = (await record.protocols.app!(new Request(APP_URL))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(PRODUCTION_CSP);
    expect(await response.text()).toContain('<title>app</title>');
    expect(
      ((await record.protocols.app!(new Request('app://study-exchange/../../etc/passwd'))) as Response).status,
    ).toBe(404);
    // No dev-server CSP hook in a packaged app.
    expect(record.headersReceived).toBeUndefined();
  });

  it('denies permissions, foreign navigation and new windows', () => {
    let granted: boolean | undefined;
    record.permissionRequest!({}, 'media', (ok: boolean) => (granted = ok));
    expect(granted).toBe(false);
    const wc = record.windows[0]!.webContents;
    const navigate = (url: string) => {
      let prevented = false;
      for (const l of wc.listeners['will-navigate'] ?? []) l({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('app://study-exchange/index.html#x')).toBe(false);
    expect(wc.windowOpen!({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
  });

  it("arrivals are Electron's own notification, not the page's; its click focuses the window and reveals", async () => {
    const call = record.ipc[CALL_CHANNEL]!;
    // the sandbox's first listing: its demo site's report the sIRB has not seen is New; turned on, it is told
    expect(await call(APP_SENDER, 'changes.refresh', {})).toMatchObject({ ok: true });
    expect(await call(APP_SENDER, 'settings.update', { notifications: true })).toMatchObject({ ok: true });
    for (let i = 0; i < 100 && !record.notifications?.length; i++) await new Promise((r) => setTimeout(r, 100));
    const [note, ...more] = record.notifications ?? [];
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      options: { title: expect.stringMatching(/^New document in Protocol 2025-031/) as string },
      shown: 1,
    });
    const wc = record.windows[0]!.webContents;
    const sentEvents = () => (wc.sent ?? []).filter(([channel]) => channel === EVENT_CHANNEL).map(([, name]) => name);
    expect(sentEvents()).not.toContain('changes.notify');
    for (const l of note!.listeners.click ?? []) l({});
    expect(record.windows[0]!.focused).toBe(1);
    expect(sentEvents()).toContain('reveal');
  });

  it("the preload exposes exactly the contract's operations, plus on and stageFile", () => {
    expect(Object.keys(record.exposed)).toEqual(['exchange']);
    expect(Object.keys(record.exposed.exchange).sort()).toEqual([...OPERATION_NAMES, 'on', 'stageFile'].sort());
  });
});
