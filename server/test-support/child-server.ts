// Runs the CLI as a child process (durability tests kill it for real).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(REPO_ROOT, 'server', 'cli.ts');

export interface ChildServer {
  readonly child: ChildProcess;
  readonly port: number;
  output(): string;
  /** Resolves with the exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function startChildServer(dataDir: string, extra: string[] = []): Promise<ChildServer> {
  const child = runCli(['serve', '--data', dataDir, '--port', '0', ...extra]);
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

export async function runCliToEnd(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = runCli(args);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, stdout, stderr };
}
