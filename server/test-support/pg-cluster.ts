// A throw-away PostgreSQL cluster for tests and benchmarks: initdb and pg_ctl into a
// temporary folder, listening only on a free loopback port and a socket in that folder.
// PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user
// (runuser). Never a shared or system-wide cluster.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  readonly adminUrl: string;
  readonly port: number;
  /** Stops at once, as a crash would (`-m immediate`). */
  stopImmediately(): void;
  /** Starts it again on the same folder and port. */
  start(): void;
  /** Stops and removes the cluster. */
  destroy(): void;
}

/** The PostgreSQL server programs: Debian keeps them off PATH, in /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = fromConfig.status === 0 ? fromConfig.stdout.trim() : '';
  if (dir && existsSync(join(dir, 'initdb'))) return dir;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (no initdb); run npm run setup.');
  return join(root, versions[0]!, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, program: string, args: string[]): void {
  const file = join(bin, program);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'exchange-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  run(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // fsync off: the tests kill server processes and PostgreSQL itself, never the machine, and
  // what a process wrote is in the OS's cache either way; it saves seconds per test run
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300 -c shared_buffers=64MB`;
  const start = (): void => run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  start();
  let gone = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stopImmediately: () => run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy() {
      if (gone) return;
      gone = true;
      try {
        run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database in the cluster; its URL. */
export async function createDatabase(adminUrl: string, prefix = 'exchange_test'): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
