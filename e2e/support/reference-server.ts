// A separate reference exchange as a child process (`server/cli.ts`), on a fixed port so it can
// be stopped and started again at the same address the app's profile points to.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface SandboxOrganization {
  readonly name: string;
  readonly id: string;
  readonly role: 'admin' | 'sirb' | 'psite';
  readonly keyPem: string;
  readonly certificatePem: string;
}

/** `server/cli.ts sandbox`: a fresh data folder with demo organizations, their keys in `outDir`. */
export async function createSandboxFolder(dataDir: string, outDir: string): Promise<SandboxOrganization[]> {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', 'sandbox', '--data', dataDir, '--out', outDir],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`sandbox failed (${r.status}): ${r.stdout}${r.stderr}`);
  const list = JSON.parse(await readFile(join(outDir, 'organizations.json'), 'utf8')) as {
    name: string;
    id: string;
    role: SandboxOrganization['role'];
    key: string;
    certificate: string;
  }[];
  return Promise.all(
    list.map(async (o) => ({
      name: o.name,
      id: o.id,
      role: o.role,
      keyPem: await readFile(join(outDir, o.key), 'utf8'),
      certificatePem: await readFile(join(outDir, o.certificate), 'utf8'),
    })),
  );
}

/** A loopback port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServingExchange {
  readonly url: string;
  readonly output: () => string;
  /** Stops the process with `signal` and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function serveExchange(dataDir: string, port: number): Promise<ServingExchange> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', 'serve', '--data', dataDir, '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`exchange did not start:\n${out}`)), 60_000);
    const onData = (): void => {
      if (out.includes('exchange listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exchange exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** A fresh sandbox data folder (`dataDir`, keys in `keysDir`) served on a free port: its organizations, port and exchange. */
export async function serveNewSandbox(
  dataDir: string,
  keysDir: string,
): Promise<{ orgs: SandboxOrganization[]; port: number; exchange: ServingExchange }> {
  const orgs = await createSandboxFolder(dataDir, keysDir);
  const port = await freePort();
  return { orgs, port, exchange: await serveExchange(dataDir, port) };
}
