// The timeouts read from the database URL (the client's limit always after PostgreSQL's own),
// and the stall watch of streaming reads.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../test-support/pg-cluster.js';
import { missingInternals, timeoutsFromUrl, watchStalls } from './pg-timeouts.js';

const BASE = 'postgres://u@127.0.0.1:5432/exchange';

describe('timeoutsFromUrl', () => {
  it('takes the timeouts out of the URL and keeps the rest', () => {
    const { url, timeouts } = timeoutsFromUrl(`${BASE}?statement_timeout=1000&sslmode=disable&upload_timeout=9000`);
    expect(url).toBe(`${BASE}?sslmode=disable`);
    expect(timeouts).toMatchObject({ statementMs: 1000, queryMs: 6000, uploadMs: 9000, uploadQueryMs: 14_000 });
  });

  it('refuses a query_timeout not longer than the statement_timeout, naming both', () => {
    expect(() => timeoutsFromUrl(`${BASE}?statement_timeout=700000&query_timeout=60000`)).toThrow(
      /query_timeout \(60000\).*statement_timeout \(700000\)/,
    );
    expect(() => timeoutsFromUrl(`${BASE}?query_timeout=30000`)).toThrow(
      /query_timeout \(30000\).*statement_timeout \(30000\)/,
    );
  });

  it("an upload's client limit is never below its upload_timeout", () => {
    const { timeouts } = timeoutsFromUrl(`${BASE}?statement_timeout=700000&query_timeout=700001&upload_timeout=1000`);
    expect(timeouts.uploadQueryMs).toBeGreaterThanOrEqual(1000);
  });
});

describe('watchStalls, on a real PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createDatabase(inject('pgAdminUrl')), max: 1 });
    pool.on('error', () => undefined);
    watchStalls(pool, 300, 1500);
  });
  afterAll(() => pool.end());

  async function onWatched(sql: string): Promise<unknown> {
    const client = await pool.connect();
    let broken: Error | undefined;
    client.on('error', (e) => (broken = e));
    try {
      return (await client.query(sql)).rows.length;
    } catch (e) {
      broken ??= e as Error;
      throw e;
    } finally {
      client.release(broken);
    }
  }

  it("finds the node-postgres internals it reads on this pg's clients, and names one that moved", async () => {
    const client = await pool.connect();
    try {
      expect(missingInternals(client)).toBeUndefined();
      const moved = Object.create(client) as { _getActiveQuery?: unknown };
      Object.defineProperty(moved, '_getActiveQuery', { value: undefined });
      expect(missingInternals(moved)).toBe('_getActiveQuery()');
      expect(missingInternals({ connection: {} })).toBe('connection.stream (the socket)');
    } finally {
      client.release();
    }
  });

  it("waits longer than the silence limit for a statement's first bytes", async () => {
    await expect(onWatched('SELECT pg_sleep(1)')).resolves.toBe(1);
  });

  it('but not longer than the first-byte limit', async () => {
    await expect(onWatched('SELECT pg_sleep(5)')).rejects.toThrow(/1500 ms after a statement/);
  });

  it('cuts an answer that began and then went silent', async () => {
    // the first row (larger than PostgreSQL's send buffer) goes out at once, the second comes 3 s later
    const sql =
      "SELECT CASE WHEN g = 1 THEN repeat('x', 100000) ELSE pg_sleep(3)::text END FROM generate_series(1, 2) g";
    await expect(onWatched(sql)).rejects.toThrow(/nothing for 300 ms while a read waited/);
  });
});
