// Starts the app's browser host as a real child process (the automation path of
// `npm start -- --host-only`) on a fresh data folder, and stops it after the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

export interface RunningHost {
  readonly url: string;
  readonly dataDir: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

/** The passphrase the e2e hosts protect their keys with. */
export const E2E_PASSPHRASE = 'e2e passphrase';

export async function startHost(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<RunningHost> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'electron/start.ts', '--host-only', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // The lowest scrypt cost the app allows (2^14): each key box opens in a fraction of the 2^17 time.
    env: { ...process.env, STUDY_EXCHANGE_PASSPHRASE: E2E_PASSPHRASE, STUDY_EXCHANGE_SCRYPT_LOG2N: '14', ...env },
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 90_000);
    const onData = () => {
      const m = /Open (http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}:\n${out}`)));
  });
  return {
    url,
    dataDir,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export const test = base.extend<{ host: RunningHost }>({
  host: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-app-'));
    const host = await startHost(dataDir);
    await use(host);
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
