// A fake system opener: an `xdg-open` first on the host's PATH that writes each argument it is
// handed on its own line of a log (NUL-free: a name never holds one after cleaning), so a journey
// sees which verified copy the app handed out, and nothing is opened for real.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes the fake `xdg-open` into `binDir`, logging to `log`; answers the host's environment with it first on PATH. */
export async function fakeOpener(binDir: string, log: string): Promise<{ PATH: string }> {
  await mkdir(binDir, { recursive: true });
  await writeFile(join(binDir, 'xdg-open'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${log}"; done\n`);
  await chmod(join(binDir, 'xdg-open'), 0o755);
  return { PATH: `${binDir}:${process.env.PATH ?? ''}` };
}

/** The paths the fake opener was handed so far, in order (none before its first call). */
export async function openerCalls(log: string): Promise<string[]> {
  return (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);
}
