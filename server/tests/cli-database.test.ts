// The command line on PostgreSQL: `serve` takes its database from EXCHANGE_DATABASE_URL alone,
// a store named twice or a URL that is not PostgreSQL's is a usage error (exit 2) before
// anything is created, and a database down at start is said in one line naming its host and
// port, never the password, before serve exits.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCliToEnd, runSandbox, startServe } from '../test-support/child-server.js';
import { createDatabase } from '../test-support/pg-cluster.js';
import { sendRaw, SignedClient } from '../test-support/signed-client.js';

let dir: string;
/** The tests' environment without a database of its own. */
const env: NodeJS.ProcessEnv = { ...process.env };
delete env.EXCHANGE_DATABASE_URL;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'exchange-cli-db-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('command line on a database', () => {
  it('serve takes its database from EXCHANGE_DATABASE_URL: answers /ping and a signed request', async () => {
    const databaseUrl = await createDatabase(inject('pgAdminUrl'));
    const [admin] = await runSandbox({ databaseUrl }, join(dir, 'out'));
    // the test cluster trusts loopback: a password in the URL is sent and ignored, but it must
    // not be printed, in the user part or in the query
    const withPassword = new URL(databaseUrl);
    withPassword.username = 'postgres';
    withPassword.password = 'user-part-s3cret';
    withPassword.searchParams.set('password', 'query-s3cret');
    const server = await startServe(['--port', '0'], { ...env, EXCHANGE_DATABASE_URL: withPassword.toString() });
    try {
      const { hostname, port, pathname } = new URL(databaseUrl);
      expect(server.output()).toContain(`(database ${hostname}:${port}${pathname}, port ${server.port})`);
      expect(server.output()).not.toMatch(/s3cret|postgres:\/\//);
      const ping = await sendRaw(server.port, {
        method: 'GET',
        path: '/ping',
        headers: { Host: `localhost:${server.port}` },
      });
      expect(ping.text).toBe('pong');
      const orgs = await new SignedClient(server.port).get(admin!, '/organizations');
      expect(orgs.status, orgs.text).toBe(200);
      expect(orgs.json().map((o: { name: string }) => o.name)).toContain('Sandbox Admin');
      expect(server.output()).not.toMatch(/s3cret/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('refuses --data with --database, on serve and sandbox, before creating anything', async () => {
    for (const command of [
      ['serve', '--port', '0'],
      ['sandbox', '--out', join(dir, 'both-out')],
    ]) {
      const data = join(dir, `both-${command[0]!}`);
      const r = await runCliToEnd([...command, '--data', data, '--database', 'postgres://u@127.0.0.1:1/x'], env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/Give --data or --database, not both/);
      expect(existsSync(data)).toBe(false);
    }
  });

  it('migrate refuses a URL that is not postgres:// or postgresql://, and takes both', async () => {
    const bad = await runCliToEnd(['migrate', '--database', 'http://127.0.0.1:1/x'], env);
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toMatch(/--database must be a postgres:\/\/ or postgresql:\/\/ URL/);
    const fromEnv = await runCliToEnd(['migrate'], { ...env, EXCHANGE_DATABASE_URL: 'mysql://u@127.0.0.1:1/x' });
    expect(fromEnv.code, fromEnv.stderr).toBe(2);
    expect(fromEnv.stderr).toMatch(/EXCHANGE_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    const url = (await createDatabase(inject('pgAdminUrl'))).replace(/^postgres:/, 'postgresql:');
    const ok = await runCliToEnd(['migrate', '--database', url], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/migrated from version 0/);
  });

  it('serve with PostgreSQL down says so in one line naming host and port, not the password, and exits', async () => {
    const port = await closedPort();
    const r = await runCliToEnd(
      [
        'serve',
        '--port',
        '0',
        '--database',
        `postgres://exchange:s3cret-pw@127.0.0.1:${port}/exchange?password=query-s3cret`,
      ],
      env,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/listening/);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${port}/exchange cannot be reached.*serve exits`),
    );
    expect(r.stderr).not.toMatch(/s3cret/);
  });

  it('--help lists --database, EXCHANGE_DATABASE_URL, migrate and what serve does with the database down', async () => {
    const help = await runCliToEnd(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--database URL/);
    expect(help.stdout).toMatch(/EXCHANGE_DATABASE_URL/);
    expect(help.stdout).toMatch(/^ {2}npm run exchange -- migrate --database URL$/m);
    expect(help.stdout).toMatch(/^migrate {4}/m);
    expect(help.stdout).toMatch(/cannot be reached at start, serve says so and exits with status 1/);
  });
});
