// Where the Electron binary is, if it is installed. Requiring the `electron` package would
// try to download a missing binary (Electron ≥ 42 fetches it on first use), so this only
// reads what the package left on disk.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function electronBinary(): string | undefined {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const relative = readFileSync(pathFile, 'utf8').trim();
    const base = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist');
    const full = join(base, relative);
    return existsSync(full) ? full : undefined;
  } catch {
    return undefined;
  }
}
