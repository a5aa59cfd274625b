// PostgreSQL schema migrations: applied once, in order, by whichever node gets there first;
// a schema behind is refused unless migrating, a schema ahead (a newer server) always.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../test-support/pg-cluster.js';
import { StoreUnavailableError } from '../store.js';
import { migrateDatabase, migratePostgres, MIGRATION_LOCK } from './pg-migrate.js';
import { PG_MIGRATIONS } from './pg-schema.js';
import { openPostgresStore } from './pg-store.js';

const quiet = { log: () => undefined };

async function sql(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL migrations', () => {
  it('migrate brings an empty database to the latest version once; nodes starting together migrate it once', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    const results = await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);
    // one did the work, the others waited on its lock and found the schema current
    expect(results.filter((r) => r.from === 0)).toHaveLength(1);
    expect(results.every((r) => r.to === PG_MIGRATIONS.length)).toBe(true);
    const versions = (await sql(url, 'SELECT version FROM schema_migrations ORDER BY version')).rows.map(
      (r: { version: number }) => r.version,
    );
    expect(versions).toEqual(PG_MIGRATIONS.map((_, i) => i + 1));
    expect(await migrateDatabase(url)).toEqual({ from: PG_MIGRATIONS.length, to: PG_MIGRATIONS.length });
  });

  it('a store that may not migrate refuses a schema behind; every store refuses one from a newer server', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    await expect(openPostgresStore(url, { ...quiet, migrate: false })).rejects.toThrow(/exchange migrate/);
    const store = await openPostgresStore(url, { ...quiet, migrate: true });
    await store.close();
    await sql(url, `INSERT INTO schema_migrations (version, applied_at) VALUES (${PG_MIGRATIONS.length + 1}, 0)`);
    await expect(openPostgresStore(url, { ...quiet, migrate: true })).rejects.toThrow(/newer server/);
    await expect(migrateDatabase(url)).rejects.toThrow(/newer server/);
  });

  it('keeps the constraints of the SQLite schema: names unique case-insensitively, items unique per path, keys need their item', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    await migrateDatabase(url);
    await sql(
      url,
      "INSERT INTO organizations (id, name, name_key, created_at, updated_at) VALUES ('a', 'A', 'a', 0, 0)",
    );
    await expect(
      sql(url, "INSERT INTO organizations (id, name, name_key, created_at, updated_at) VALUES ('b', 'a', 'a', 0, 0)"),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      sql(
        url,
        "INSERT INTO organizations (id, name, name_key, is_sirb, created_at, updated_at) VALUES ('c', 'C', 'c', 2, 0, 0)",
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await sql(url, "INSERT INTO containers (id, owner_id, created_at, updated_at) VALUES ('k', 'a', 0, 0)");
    await sql(url, "INSERT INTO contents (id, size) VALUES ('c1', 0), ('c2', 0)");
    const item = (content: string, path = 'x|y', header = '') =>
      `INSERT INTO items (container_id, path, depth, owner_id, header, header_hash, content_hash, key_hash, iv, content_id, content_length, created_at, updated_at)
       VALUES ('k', '${path}', 2, 'a', '${header}', '', '', '', '', '${content}', 0, 0, 0)`;
    await sql(url, item('c1'));
    await expect(sql(url, item('c2'))).rejects.toMatchObject({ code: '23505' });
    await expect(
      sql(url, "INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES (999, 'a', '', 0)"),
    ).rejects.toMatchObject({ code: '23503' });
    // a content still named by an item cannot go
    await expect(sql(url, "DELETE FROM contents WHERE id = 'c1'")).rejects.toMatchObject({ code: '23503' });
    // only Base-64 and hex where the listing writes the values into its JSON unescaped
    await sql(url, "INSERT INTO contents (id, size) VALUES ('c3', 0)");
    await expect(sql(url, item('c3', 'x|z', 'a"b'))).rejects.toMatchObject({ code: '23514' });
    const rowid = (await sql(url, 'SELECT rowid FROM items')).rows[0].rowid as string;
    await expect(
      sql(url, `INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES (${rowid}, 'a', E'k\\n', 0)`),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(sql(url, "UPDATE items SET iv = 'x\\y'")).rejects.toMatchObject({ code: '23514' });
  });

  it('a connection that breaks during a migration fails it as unavailable and is closed, not pooled', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    // another node migrating holds the lock, so this one waits on it
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const released: unknown[] = [];
    pool.on('release', (err) => released.push(err));
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const migrating = migratePostgres(pool, true);
      migrating.catch(() => undefined);
      // its backend ends (an administrator, a crash) while it waits
      let terminated = 0;
      while (terminated === 0) {
        await new Promise((r) => setTimeout(r, 20));
        // pg_locks, not pg_stat_activity: that one is read once per transaction, and this one is in one
        const r = await other.query(`SELECT pg_terminate_backend(pid) FROM pg_locks
           WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
        terminated = r.rows.length;
      }
      await expect(migrating).rejects.toBeInstanceOf(StoreUnavailableError);
      // handed back as broken (so the pool closes it), its error event heard (not an uncaught exception)
      expect(released).toHaveLength(1);
      expect(released[0]).toBeInstanceOf(Error);
      await new Promise((r) => setTimeout(r, 50));
      expect(pool.totalCount).toBe(0);
      await other.query('COMMIT');
      expect(await migratePostgres(pool, true)).toEqual({ from: 0, to: PG_MIGRATIONS.length });
    } finally {
      await other.end();
      await pool.end();
    }
  });

  it('waits for a migration lock held longer than the lock_timeout of requests, with the timeouts in the URL', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    const timed = `${url}?lock_timeout=200&statement_timeout=300&query_timeout=400`;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // another node holds the lock (migrating) for longer than any of those timeouts
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const migrated = migrateDatabase(timed);
      const opened = openPostgresStore(timed, { ...quiet, migrate: true });
      migrated.catch(() => undefined);
      opened.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1000));
      await other.query('COMMIT');
      expect((await migrated).to).toBe(PG_MIGRATIONS.length);
      await (await opened).close();
    } finally {
      await other.end();
    }
  });
});
