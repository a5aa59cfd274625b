#!/usr/bin/env node
// Bundles the Electron main process, its worker threads and the preload into dist/electron (CommonJS, as a
// sandboxed preload requires). Native modules and electron itself stay external.
import { build } from 'esbuild';

// import.meta.url has no CommonJS meaning: give it the bundle's own file URL, so code that
// finds files beside itself (package.json two folders up) works from dist/electron too.
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
};
const mainOnly = {
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
};

// The app runs the reference server only as its sandbox, on SQLite (electron/core/sandbox/sandbox-manager.ts):
// the PostgreSQL store, which open-store.ts reaches only for a database URL, becomes a stub that
// refuses, so pg stays out of main.cjs. Any other way to pg fails the build instead of bundling it.
const POSTGRES_STORE = /(^|[\\/])postgres[\\/]pg-store\.js$/;
const withoutPostgres = {
  name: 'without-postgres',
  setup(b) {
    b.onResolve({ filter: POSTGRES_STORE }, () => ({ path: 'pg-store', namespace: 'without-postgres' }));
    b.onLoad({ filter: /.*/, namespace: 'without-postgres' }, () => ({
      contents:
        "export async function openPostgresStore() { throw new Error('The desktop app has no PostgreSQL store; its sandbox runs on SQLite.'); }",
      loader: 'js',
    }));
    b.onResolve({ filter: /^pg(-copy-streams)?$/ }, (a) => ({
      errors: [
        {
          text: `${a.importer} imports ${a.path}: PostgreSQL stays out of the desktop app (its sandbox runs on SQLite)`,
        },
      ],
    }));
  },
};

await build({
  ...common,
  ...mainOnly,
  entryPoints: ['electron/shell/main.ts'],
  outfile: 'dist/electron/main.cjs',
  external: ['electron', 'better-sqlite3'],
  plugins: [withoutPostgres],
});
// Worker threads run as scripts of their own beside main.cjs (electron/services/transfers/worker-script.ts).
await build({
  ...common,
  entryPoints: ['electron/services/transfers/encrypt-thread.ts'],
  outfile: 'dist/electron/encrypt-thread.cjs',
});
await build({
  ...common,
  // A sandboxed preload may require only 'electron' and a few built-ins: bundle the rest.
  entryPoints: ['electron/preload/preload.ts'],
  outfile: 'dist/electron/preload.cjs',
  external: ['electron'],
});
console.log('built dist/electron/main.cjs, encrypt-thread.cjs and preload.cjs');
