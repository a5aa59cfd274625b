// The installed command (bin/study-exchange.mjs) as a real process: it loads the TypeScript
// sources and exits with runCli's code. Every other CLI test runs runCli in-process, since each
// process spends about 2 s loading modules; these two are the launcher's own proof.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CliRun } from './test-support/cli-fixture.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const launcher = path.join(root, 'bin', 'study-exchange.mjs');

function spawned(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [launcher, ...args], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the study-exchange launcher', () => {
  it('exits 2 with the usage on stderr when given no command', async () => {
    const none = await spawned([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: study-exchange');
  });

  it('exits 0 with the usage on stdout for --help', async () => {
    const help = await spawned(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('items put LOCAL_FILE REMOTE_PATH');
  });
});
