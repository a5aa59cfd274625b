// Runs the CLI as a child process (durability tests kill it for real).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { StoreOptions } from '../open-store.js';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(REPO_ROOT, 'server', 'cli.ts');

export interface ChildServer {
  readonly child: ChildProcess;
  readonly port: number;
  output(): string;
  /** Resolves with the exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
}

/** The command-line flags naming a store. */
export function storeArgs(store: StoreOptions): string[] {
  return store.dataDir !== undefined ? ['--data', store.dataDir] : ['--database', store.databaseUrl!];
}

/** `serve` on a data folder (a string) or any store, on a free port. */
export function startChildServer(store: string | StoreOptions, extra: string[] = []): Promise<ChildServer> {
  return startServe([...storeArgs(typeof store === 'string' ? { dataDir: store } : store), '--port', '0', ...extra]);
}

/** `serve` with exactly these flags and environment; resolves once it listens. */
export function startServe(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ChildServer> {
  const child = runCli(['serve', ...args], env);
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (x: Buffer) => (out += x.toString()));
        resolve({ child, port: Number(m[1]), output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((e) => reject(new Error(`server exited early (${e.code ?? e.signal}): ${out}`)));
  });
}

export async function runCliToEnd(
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = runCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, stdout, stderr };
}

/** An organization as `exchange sandbox` wrote it out: its id, key and certificate. */
export interface SandboxMember {
  readonly name: string;
  readonly role: string;
  readonly id: string;
  readonly keyPem: string;
  readonly cert: string;
}

/** Runs `exchange sandbox` on the store; its organizations, in the order of organizations.json. */
export async function runSandbox(store: StoreOptions, outDir: string): Promise<SandboxMember[]> {
  const made = await runCliToEnd(['sandbox', ...storeArgs(store), '--out', outDir]);
  if (made.code !== 0) throw new Error(`sandbox failed (${made.code}): ${made.stderr}`);
  const orgs = JSON.parse(readFileSync(join(outDir, 'organizations.json'), 'utf8')) as {
    name: string;
    id: string;
    role: string;
    key: string;
    certificate: string;
  }[];
  return orgs.map((o) => ({
    name: o.name,
    role: o.role,
    id: o.id,
    keyPem: readFileSync(join(outDir, o.key), 'utf8'),
    cert: readFileSync(join(outDir, o.certificate), 'utf8'),
  }));
}

/** The cast a sandbox holds, as [name, role]. */
export const SANDBOX_CAST = [
  ['Sandbox Admin', 'admin'],
  ['Sandbox IRB', 'sirb'],
  ['Riverside Medical Center', 'psite'],
  ['Lakeside University', 'psite'],
];
