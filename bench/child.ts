// Runs one bench script in its own Node process (so its memory is its own) and returns the
// JSON it prints as its last stdout line. Scripts read their job from argv[2] (JSON).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface ChildOptions {
  /** Extra node flags, e.g. --max-old-space-size=8192. */
  readonly nodeFlags?: readonly string[];
  readonly timeoutMs?: number;
}

export function spawnScript(script: string, job: unknown, nodeFlags: readonly string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(HERE, script), JSON.stringify(job)], {
    cwd: path.join(HERE, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export class ChildFailure extends Error {}

/** Runs the script to its end; rejects with its stderr on a non-zero exit or a timeout. */
export function runScript<T>(script: string, job: unknown, options: ChildOptions = {}): Promise<T> {
  const child = spawnScript(script, job, options.nodeFlags);
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, options.timeoutMs)
      : undefined;
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0) {
        try {
          return resolve(JSON.parse(last) as T);
        } catch {
          return reject(new ChildFailure(`${script} printed no result: ${last.slice(0, 200)}`));
        }
      }
      const why = timedOut
        ? `timed out after ${Math.round(options.timeoutMs! / 1000)} s`
        : signal
          ? `killed by ${signal}`
          : `exit ${code}`;
      const lines = err
        .trim()
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.includes('npm warn'));
      const errorLine = lines.find((l) => /Error\b/.test(l));
      const tail = [errorLine, ...lines.slice(-2)].filter(Boolean).join(' | ');
      reject(new ChildFailure(`${script} ${why}${tail ? `: ${tail.slice(0, 300)}` : ''}`));
    });
  });
}

/** The job a script was given. */
export function jobOf<T>(): T {
  return JSON.parse(process.argv[2] ?? '{}') as T;
}
