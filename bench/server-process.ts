// Starts bench/server-child.ts and gives its URL, pid and the server's own request log.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { StoreOptions } from '../server/open-store.js';
import { spawnScript } from './child.js';

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Milliseconds the server logged for the last request whose line contains `fragment`. */
  lastRequestMs(fragment: string): number | undefined;
  /** A position in the log, for requestMsAfter. */
  mark(): number;
  /**
   * Milliseconds of the first request logged after `mark` whose line contains `fragment`,
   * waiting up to a second for the line: the server logs a request when its connection has
   * sent the answer, which can be after a streaming client has already finished with it.
   */
  requestMsAfter(fragment: string, mark: number): Promise<number | undefined>;
  stop(): Promise<void>;
}

export async function startServerProcess(store: StoreOptions): Promise<ServerProcess> {
  // BENCH_SERVER_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawnScript('server-child.ts', { ...store, log: true }, flags);
  const lines: string[] = [];
  let seen = 0; // lines ever received (lines keeps the newest)
  let partial = '';
  child.stderr!.on('data', (c: Buffer) => {
    const parts = (partial + c.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const l of parts) {
      lines.push(l);
      seen++;
      if (process.env.BENCH_SERVER_LOG) process.stderr.write(`server: ${l}\n`);
      if (lines.length > 2000) lines.splice(0, 1000);
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve((JSON.parse(out.slice(0, nl)) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${lines.slice(-5).join(' | ')}`)));
  });
  return {
    url,
    pid: child.pid!,
    lastRequestMs(fragment) {
      for (let i = lines.length - 1; i >= 0; i--) {
        const m = / (\d+)ms org=/.exec(lines[i]!);
        if (m && lines[i]!.includes(fragment)) return Number(m[1]);
      }
      return undefined;
    },
    mark: () => seen,
    async requestMsAfter(fragment, mark) {
      const deadline = Date.now() + 1000;
      for (;;) {
        for (let i = Math.max(0, mark - (seen - lines.length)); i < lines.length; i++) {
          const m = / (\d+)ms org=/.exec(lines[i]!);
          if (m && lines[i]!.includes(fragment)) return Number(m[1]);
        }
        if (Date.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
