// Versioned schema migrations for PostgreSQL: every node may start at once, the first
// takes the lock and migrates, the others then find the schema current.
import pg from 'pg';
import { PG_MIGRATIONS } from './pg-schema.js';
import { inTransaction } from './pg-transaction.js';
import { timeoutsFromUrl } from './pg-timeouts.js';

/** An arbitrary constant naming the migration lock among the database's advisory locks. */
export const MIGRATION_LOCK = 0x5e_c4_a9_6e;

export async function migratePostgres(pool: pg.Pool, apply: boolean): Promise<{ from: number; to: number }> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
    );
    const from = Number(
      (await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations')).rows[0]!.v ?? 0,
    );
    if (from > PG_MIGRATIONS.length) {
      throw new Error(
        `The database was made by a newer server (schema ${from}, this server knows ${PG_MIGRATIONS.length}).`,
      );
    }
    if (from < PG_MIGRATIONS.length && !apply) {
      throw new Error(
        `The database schema is at version ${from} of ${PG_MIGRATIONS.length}; run: exchange migrate --database URL`,
      );
    }
    // DDL is transactional in PostgreSQL: all of the migrations apply, or none
    for (let v = from; v < PG_MIGRATIONS.length; v++) {
      await client.query(PG_MIGRATIONS[v]!);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [v + 1, Date.now()]);
    }
    return { from, to: PG_MIGRATIONS.length };
  });
}

/**
 * Migrates the database at the URL on a connection of its own, closed after. None of the
 * request timeouts (taken out of the URL): nodes starting together wait for the one
 * migrating, however long it takes, and a long migration step is not cancelled.
 */
export async function migrateAt(url: string, apply: boolean): Promise<{ from: number; to: number }> {
  const pool = new pg.Pool({
    connectionString: timeoutsFromUrl(url).url,
    max: 1,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // its connection breaking while idle, before the pool ends, costs nothing: not an uncaught error
  pool.on('error', () => undefined);
  try {
    return await migratePostgres(pool, apply);
  } finally {
    await pool.end();
  }
}

/** `exchange migrate`: migrates the database at the URL. */
export function migrateDatabase(url: string): Promise<{ from: number; to: number }> {
  return migrateAt(url, true);
}
