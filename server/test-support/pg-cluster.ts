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
  /** The cluster's data folder (postmaster.pid: its processes, whose CPU time the bench reports). */
  readonly dataDir: string;
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

/**
 * The settings README's "Running an exchange for a consortium" recommends, scaled to a
 * test machine: a benchmark measures what a deployment would run (every commit flushed to
 * disk), not the tests' fast cluster.
 */
export const DEPLOYMENT_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  // one 200 MiB upload's chunk rows fit: a smaller pool makes the writing backend evict its
  // own dirty pages, each after a WAL flush
  shared_buffers: '512MB',
  // the WAL of a large COPY is written by the WAL writer in the background, not by the backend on every full buffer
  wal_buffers: '64MB',
  // about 4 GiB of uploads between checkpoints rather than 1 GiB; spread over 90 % of the interval
  max_wal_size: '4GB',
  // WAL segments kept for reuse: a large upload's WAL goes into recycled files, not new ones zero-filled first
  min_wal_size: '1GB',
  checkpoint_completion_target: '0.9',
  // ciphertext does not compress
  wal_compression: 'off',
};

/**
 * The tests' cluster: fsync off (the tests kill server processes and PostgreSQL itself,
 * never the machine, and what a process wrote is in the OS's cache either way; it saves
 * seconds per test run) and a small buffer pool.
 */
const TEST_SETTINGS: Readonly<Record<string, string>> = { fsync: 'off', shared_buffers: '64MB' };

interface PgClusterOptions {
  /** DEPLOYMENT_SETTINGS (the bench) instead of the tests' fast, unsafe ones. */
  readonly deployment?: boolean;
  /** Settings over those (e.g. the bench's BENCH_PG_SETTINGS, to measure one). */
  readonly settings?: Readonly<Record<string, string>>;
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
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
  const settings = {
    ...(options.deployment ? DEPLOYMENT_SETTINGS : TEST_SETTINGS),
    ...options.settings,
    listen_addresses: '127.0.0.1',
    max_connections: '300',
  };
  const flags = [`-p ${port}`, `-k ${dir}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const start = (): void =>
    run(bin, 'pg_ctl', ['-D', data, '-o', flags, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  start();
  let gone = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir: data,
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
