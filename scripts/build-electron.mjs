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

await build({
  ...common,
  ...mainOnly,
  entryPoints: ['electron/shell/main.ts'],
  outfile: 'dist/electron/main.cjs',
  // The sandbox reaches the reference server through server/sandbox.ts alone, which never
  // reaches its PostgreSQL store: pg is not bundled because nothing imports it (the packaging
  // test checks the bundle's sources).
  external: ['electron', 'better-sqlite3'],
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
