// `npm start` without Electron opens the browser host in the system's Chromium. The one-time
// code is not on Chromium's command line (/proc/<pid>/cmdline is readable by every local user):
// Chromium opens a file only this user can read, which forwards it to the host with the code.
// And no program the app starts inherits STUDY_EXCHANGE_PASSPHRASE.
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { childEnv, PASSPHRASE_VARIABLE, takePassphrase } from '../keys/passphrase-env.js';
import { LAUNCH_FILE } from './launch.js';
import { startHostApp, type HostApp } from './main.js';

let dir: string;
let app: HostApp | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sx-launch-'));
});
afterEach(async () => {
  const pid = app?.browser?.pid;
  if (pid) process.kill(-pid, 'SIGKILL'); // detached: Chromium and its helpers are one process group
  await app?.close();
  app = undefined;
  delete process.env[PASSPHRASE_VARIABLE];
  await rm(dir, { recursive: true, force: true });
});

describe('the passphrase in the environment', () => {
  it('is read once and removed; a child environment never has it', () => {
    const env: NodeJS.ProcessEnv = { [PASSPHRASE_VARIABLE]: 'correct horse battery', PATH: '/bin' };
    expect(childEnv(env)).toEqual({ PATH: '/bin' });
    expect(takePassphrase(env)).toBe('correct horse battery');
    expect(env).toEqual({ PATH: '/bin' });
    expect(takePassphrase({ [PASSPHRASE_VARIABLE]: '' })).toBeUndefined();
  });
});

describe('opening the browser', () => {
  it(
    'launches Chromium on a 0600 file that carries the code, not on the code; the page still signs in',
    { timeout: 120_000 },
    async () => {
      const renderer = join(dir, 'renderer');
      await mkdir(renderer);
      // A page that trades the code as the app's does, so the test sees Chromium reach the host.
      await writeFile(
        join(renderer, 'index.html'),
        '<!doctype html><title>app</title><script src="/redeem.js"></script>',
      );
      await writeFile(
        join(renderer, 'redeem.js'),
        "fetch('/api/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: location.hash.slice(7) }) });",
      );
      const passphrase = 'launch test passphrase';
      process.env[PASSPHRASE_VARIABLE] = passphrase;
      process.env.STUDY_EXCHANGE_SCRYPT_LOG2N = '14';
      app = await startHostApp({
        dataDir: join(dir, 'data'),
        rendererDir: renderer,
        openBrowser: true,
        browser: { executable: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] },
      });
      delete process.env.STUDY_EXCHANGE_SCRYPT_LOG2N;
      // Taken out of this process's environment: nothing started later inherits it.
      expect(process.env[PASSPHRASE_VARIABLE]).toBeUndefined();
      const pid = app.browser!.pid!;
      const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      const environ = await readFile(`/proc/${pid}/environ`, 'utf8');
      expect(argv.join(' ')).not.toContain(app.host.code);
      expect(environ).not.toContain(passphrase);
      expect(environ).not.toContain(PASSPHRASE_VARIABLE);
      const file = join(dir, 'data', LAUNCH_FILE);
      expect(argv).toContain(`--app=file://${file}`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readFile(file, 'utf8')).toContain(app.host.url);
      // Chromium followed the file to the host and its page spent the code: the file is gone.
      await vi.waitFor(() => expect(existsSync(file)).toBe(false), { timeout: 60_000, interval: 100 });
    },
  );
});
