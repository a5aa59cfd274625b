// `npm start`: the Electron app when its binary is present; otherwise the browser host in
// the system's Chromium, so the app's main job runs on any machine with Node and Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { electronBinary } from './core/app/electron-binary.js';
import { childEnv, PASSPHRASE_VARIABLE, takePassphrase } from './core/keys/passphrase-env.js';

// Read once and out of the environment before anything is started: only the app itself gets it.
const passphrase = takePassphrase();

const { values } = parseArgs({
  options: {
    'host-only': { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
    port: { type: 'string' },
    data: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm start -- [--host-only] [--port N] [--data DIR]

  --host-only  start the browser host without opening a browser; prints "Open <url>"
  --dev        Electron only: load the renderer from Vite's dev server, with reload on save
  --port N     the browser host's loopback port (default: a free one)
  --data DIR   the app's data folder (profiles, keys, sandbox) instead of the user's`);
  process.exit(0);
}

/** The built renderer is missing or older than a source it is built from. */
function rendererIsStale(): boolean {
  const built = 'dist/renderer/index.html';
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = ['renderer', 'shared'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name)),
  );
  return ['vite.config.ts', ...sources].some((f) => statSync(f).mtimeMs > builtAt);
}

function build(script: string[]): void {
  const r = spawnSync('npx', script, { stdio: 'inherit', env: childEnv() });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const binary = values['host-only'] ? undefined : electronBinary();
if (rendererIsStale()) build(['vite', 'build', '--logLevel', 'warn']);

if (binary) {
  build(['node', 'scripts/build-electron.mjs']);
  // The app's own process gets the passphrase (its shell takes it out of its environment at once).
  const env: NodeJS.ProcessEnv = {
    ...childEnv(),
    ...(values.data ? { STUDY_EXCHANGE_DATA: values.data } : {}),
    ...(passphrase ? { [PASSPHRASE_VARIABLE]: passphrase } : {}),
  };
  // Development: Vite serves the renderer with hot reload; the shell loads it from there.
  const vite = values.dev
    ? spawn('npx', ['vite', '--port', '5173', '--strictPort'], { stdio: 'inherit', env: childEnv() })
    : undefined;
  if (vite) env.VITE_DEV_SERVER_URL = 'http://localhost:5173/';
  const child = spawn(binary, ['.'], { stdio: 'inherit', env });
  child.on('exit', (code) => {
    vite?.kill();
    process.exit(code ?? 0);
  });
} else {
  if (!values['host-only'])
    console.log('No Electron binary on this machine: starting the browser host in Chromium instead.');
  const { startHostApp } = await import('./core/host/main.js');
  await startHostApp({
    port: values.port ? Number(values.port) : undefined,
    dataDir: values.data,
    openBrowser: !values['host-only'],
    ...(passphrase ? { passphrase } : {}),
  });
}
