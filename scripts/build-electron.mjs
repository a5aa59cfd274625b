#!/usr/bin/env node
// Bundles the Electron main process and the preload into dist/electron (CommonJS, as a
// sandboxed preload requires). Native modules and electron itself stay external.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: true, logLevel: 'warning' };

await build({
  ...common,
  entryPoints: ['electron/shell/main.ts'],
  outfile: 'dist/electron/main.cjs',
  external: ['electron', 'better-sqlite3'],
});
await build({
  ...common,
  entryPoints: ['electron/preload/preload.ts'],
  outfile: 'dist/electron/preload.cjs',
  external: ['electron'],
});
console.log('built dist/electron/main.cjs and dist/electron/preload.cjs');
