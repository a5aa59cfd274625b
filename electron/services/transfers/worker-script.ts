// Where a worker thread's compiled script is. The Electron bundle has it beside itself
// (scripts/build-electron.mjs builds it); running from source (tsx, vitest, the CLI) it is
// built the same way into dist/electron on first use, again whenever its source is newer.
import { mkdirSync, mkdtempSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fromSource = import.meta.url.endsWith('.ts');

function builtAfter(file: string, source: string): boolean {
  try {
    return statSync(file).mtimeMs >= statSync(source).mtimeMs;
  } catch {
    return false;
  }
}

/**
 * The script of the worker whose source is `name`.ts in this folder (its bundle: `name`.cjs).
 * Built with esbuild as the Electron bundle is; into a private temporary folder when
 * dist/electron cannot be written.
 */
export function workerScript(name: string): string {
  if (!fromSource) return fileURLToPath(new URL(`./${name}.cjs`, import.meta.url));
  const source = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const built = fileURLToPath(new URL(`../../../dist/electron/${name}.cjs`, import.meta.url));
  if (builtAfter(built, source)) return built;
  // Loaded only here, so the Electron bundle neither contains nor needs esbuild.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const build = (outfile: string): void => {
    esbuild.buildSync({
      entryPoints: [source],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      logLevel: 'error',
    });
  };
  try {
    mkdirSync(join(built, '..'), { recursive: true });
    // Built aside and renamed: another process starting at the same time sees all of it or none.
    const partial = `${built}.${process.pid}.partial`;
    build(partial);
    renameSync(partial, built);
    return built;
  } catch {
    const own = join(mkdtempSync(join(tmpdir(), 'study-exchange-worker-')), `${name}.cjs`);
    build(own);
    return own;
  }
}
