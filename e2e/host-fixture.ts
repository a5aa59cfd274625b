// Starts the app's browser host as a real child process (the automation path of
// `npm start -- --host-only`) on a fresh data folder, and stops it after the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type BrowserContext } from '@playwright/test';

export interface RunningHost {
  /** As printed: `http://127.0.0.1:N/#token=<one-time code>` (spent by the sign-in below). */
  readonly url: string;
  readonly dataDir: string;
  /** The session cookie the test traded the one-time code for (HttpOnly on the host's side). */
  readonly cookie: { readonly name: string; readonly value: string };
  /** The session secret that came with it (a page keeps it in sessionStorage and sends it on every call). */
  readonly secret: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

/** The passphrase the e2e hosts protect their keys with. */
export const E2E_PASSPHRASE = 'e2e passphrase';

/** `signIn: false` leaves the one-time code unspent, for the page to trade itself. */
export async function startHost(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  options: { readonly signIn?: boolean } = {},
): Promise<RunningHost> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/start.ts', '--host-only', '--data', dataDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The lowest scrypt cost the app allows (2^14): each key box opens in a fraction of the 2^17 time.
      env: { ...process.env, STUDY_EXCHANGE_PASSPHRASE: E2E_PASSPHRASE, STUDY_EXCHANGE_SCRYPT_LOG2N: '14', ...env },
    },
  );
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
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  if (options.signIn === false)
    return { url, dataDir, cookie: { name: '', value: '' }, secret: '', output: () => out, stop };
  // The test signs in once with the printed code, as the page would; pages get the cookie.
  const origin = new URL(url).origin;
  const code = /#token=([0-9a-f]+)/.exec(url)![1]!;
  const signedIn = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const [name, value] = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!.split('=') as [string, string];
  if (!signedIn.ok || !value) throw new Error(`could not sign in to the host: ${signedIn.status}`);
  const { secret } = ((await signedIn.json()) as { value: { secret: string } }).value;
  return {
    url,
    dataDir,
    cookie: { name, value },
    secret,
    output: () => out,
    stop,
  };
}

/** Gives a browser context the host's session (cookie and secret), as the page's own sign-in would have. */
export async function signInContext(context: BrowserContext, host: RunningHost): Promise<void> {
  const origin = new URL(host.url).origin;
  await context.addCookies([
    { name: host.cookie.name, value: host.cookie.value, url: origin, httpOnly: true, sameSite: 'Strict' },
  ]);
  // Where the page's own sign-in keeps the secret (renderer/bridge/host-sign-in.ts): this tab's sessionStorage.
  await context.addInitScript(
    ({ origin, secret }) => {
      if (location.origin === origin) sessionStorage.setItem('sx-session-secret', secret);
    },
    { origin, secret: host.secret },
  );
}

export const test = base.extend<{ host: RunningHost }>({
  host: async ({ context }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-app-'));
    const host = await startHost(dataDir);
    await signInContext(context, host);
    await use(host);
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
