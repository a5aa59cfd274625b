// Transactions PostgreSQL aborts as a deadlock: run once more (nothing of them was kept);
// where running again is not safe, refused busy (1018), never an unexpected error (500).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../test-support/pg-cluster.js';
import { StoreBusyError } from '../store.js';
import { inTransaction } from './pg-transaction.js';

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createDatabase(inject('pgAdminUrl')), max: 4 });
  await pool.query('CREATE TABLE t (id INT PRIMARY KEY, n INT NOT NULL)');
  await pool.query('INSERT INTO t VALUES (1, 0), (2, 0)');
});
afterAll(async () => {
  await pool.end();
});

/** Two transactions that each lock one row, wait for the other to have locked its own, then update the other's. */
function deadlocking(retry: boolean): Promise<PromiseSettledResult<number>[]> {
  let locked = 0;
  let bothLocked: () => void = () => undefined;
  const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
  const attempts = [0, 0];
  const txn = (first: number, second: number): Promise<number> =>
    inTransaction(
      pool,
      async (db) => {
        attempts[first - 1]!++;
        await db.query('UPDATE t SET n = n + 1 WHERE id = $1', [first]);
        if (++locked === 2) bothLocked();
        await barrier;
        await db.query('UPDATE t SET n = n + 1 WHERE id = $1', [second]);
        return attempts[first - 1]!;
      },
      'BEGIN',
      retry,
    );
  return Promise.allSettled([txn(1, 2), txn(2, 1)]);
}

describe('PostgreSQL transactions aborted as a deadlock', () => {
  it('are run once more and both commit', async () => {
    const before = (await pool.query<{ s: number }>('SELECT SUM(n)::int AS s FROM t')).rows[0]!.s;
    const results = await deadlocking(true);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    // one of them ran twice: PostgreSQL chose it as the deadlock's victim
    expect(results.map((r) => (r as PromiseFulfilledResult<number>).value).sort()).toEqual([1, 2]);
    expect((await pool.query<{ s: number }>('SELECT SUM(n)::int AS s FROM t')).rows[0]!.s).toBe(before + 4);
  });

  it('are refused busy when they may not be run again', async () => {
    const results = await deadlocking(false);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toBeInstanceOf(StoreBusyError);
  });
});
