// The Electron shell on Linux without a keyring (safeStorage's basic_text backend), run as
// shell.test.ts runs it: the real main bundle under Node with a stand-in for `electron`. With
// no STUDY_EXCHANGE_PASSPHRASE it asks for the passphrase in a window of its own showing the
// unlock page (served on loopback; the code reaches the window by loadURL); once the page sets
// one, the app's window opens on app://. The passphrase variable is taken out of the environment.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECRET_HEADER } from '../../shared/ipc/host-auth.js';
import { APP_URL } from './app-protocol.js';
import type { StandInRecord } from './test-support/electron-stand-in.js';

let dir: string;
let record: StandInRecord;
const require = createRequire(import.meta.url);

beforeAll(async () => {
  await mkdir(resolve('node_modules', '.cache'), { recursive: true });
  dir = await mkdtemp(join(resolve('node_modules', '.cache'), 'shell-passphrase-test-'));
  await mkdir(join(dir, 'renderer'), { recursive: true });
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dir, 'renderer', 'unlock.html'), '<!doctype html><title>unlock</title>');
  await build({
    entryPoints: ['electron/shell/main.ts'],
    outfile: join(dir, 'electron', 'main.cjs'),
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
  record = {
    isPackaged: true,
    windows: [],
    ipc: {},
    privileged: [],
    protocols: {},
    appListeners: {},
    exposed: {},
    errors: [],
    storageBackend: 'basic_text',
  };
  (globalThis as { __electronStandIn?: StandInRecord }).__electronStandIn = record;
  process.env.STUDY_EXCHANGE_DATA = join(dir, 'data');
  process.env.STUDY_EXCHANGE_SCRYPT_LOG2N = '14';
  process.env.STUDY_EXCHANGE_PASSPHRASE = '';
  require(join(dir, 'electron', 'main.cjs'));
  await vi.waitFor(() => expect(record.windows.length).toBeGreaterThan(0), { timeout: 60_000, interval: 100 });
}, 120_000);

afterAll(async () => {
  delete process.env.STUDY_EXCHANGE_DATA;
  delete process.env.STUDY_EXCHANGE_SCRYPT_LOG2N;
  for (const close of record?.appListeners['window-all-closed'] ?? []) close();
  await new Promise((r) => setTimeout(r, 1000));
  await rm(dir, { recursive: true, force: true });
});

describe('the Electron shell without a keyring', () => {
  it('takes STUDY_EXCHANGE_PASSPHRASE out of the environment', () => {
    expect(process.env.STUDY_EXCHANGE_PASSPHRASE).toBeUndefined();
  });

  it(
    'asks for the passphrase on the unlock page in a sandboxed window, then opens the app',
    { timeout: 120_000 },
    async () => {
      const prompt = record.windows[0]!;
      expect(prompt.options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      });
      expect(prompt.options.webPreferences.preload).toBeUndefined();
      const url = new URL(prompt.loaded[0]!);
      expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url.origin}/`)).status).toBe(200);
      // Navigation stays on the prompt's host.
      let prevented = false;
      for (const l of prompt.webContents.listeners['will-navigate'] ?? [])
        l({ preventDefault: () => (prevented = true) }, 'https://evil.example/');
      expect(prevented).toBe(true);

      // The page's steps: trade the code, then set a first passphrase.
      const signedIn = await fetch(`${url.origin}/api/session`, {
        method: 'POST',
        headers: { Origin: url.origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: url.hash.slice('#token='.length) }),
      });
      const headers = {
        Origin: url.origin,
        Cookie: signedIn.headers.get('set-cookie')!.split(';')[0]!,
        [SECRET_HEADER]: ((await signedIn.json()) as { value: { secret: string } }).value.secret,
        'Content-Type': 'application/json',
      };
      expect(record.windows).toHaveLength(1);
      const unlocked = await fetch(`${url.origin}/api/unlock`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ passphrase: 'maple lantern orbit quietly' }),
      });
      expect(unlocked.status).toBe(200);
      await vi.waitFor(() => expect(record.windows).toHaveLength(2), { timeout: 60_000, interval: 100 });
      expect(record.windows[1]!.loaded).toEqual([APP_URL]);
      expect(record.errors).toEqual([]);
      // The prompt's host is gone with its window.
      await vi.waitFor(async () =>
        expect(
          await fetch(`${url.origin}/`).then(
            () => 'up',
            () => 'gone',
          ),
        ).toBe('gone'),
      );
    },
  );
});
