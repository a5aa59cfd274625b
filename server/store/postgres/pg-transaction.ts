// One transaction on one pooled connection, for the store and for the migrations alike.
import type pg from 'pg';
import { StoreOutcomeUnknownError } from '../store.js';
import { conflictBusy, isConflict, isUnavailable, run, toStoreError } from './pg-errors.js';

/** How often, and how far apart, the outcome of an unanswered COMMIT is asked. */
const STATUS_ATTEMPTS = 5;
const STATUS_WAIT_MS = 200;

/**
 * Runs `work` in one transaction on one connection; committed before it resolves. A failure
 * rolls back; a connection that broke meanwhile (or could not roll back) is closed, never
 * handed to the next caller. A read-only `work` may `drop` its connection instead (a stream
 * left half read on it): it is closed with nothing committed, and `work`'s result stands.
 *
 * A transaction PostgreSQL aborted as a deadlock or serialization failure is run once more
 * (nothing of it was kept, and `work` only talks to the database); aborted again, it is busy
 * (1018). `retry: false` for work that sends to a client as it goes.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (c: pg.PoolClient, drop: (why: Error) => void) => Promise<T>,
  begin = 'BEGIN',
  retry = true,
): Promise<T> {
  try {
    return await once(pool, work, begin);
  } catch (e) {
    if (!isConflict(e)) throw e;
    if (retry) {
      try {
        return await once(pool, work, begin);
      } catch (again) {
        if (!isConflict(again)) throw again;
      }
    }
    throw conflictBusy();
  }
}

async function once<T>(
  pool: pg.Pool,
  work: (c: pg.PoolClient, drop: (why: Error) => void) => Promise<T>,
  begin: string,
): Promise<T> {
  const client = await run(pool.connect());
  let broken: Error | undefined;
  // a connection that breaks (the database stopped, the backend was terminated) also reports it
  // as an event: without a listener that would be an uncaught exception; the query fails anyway
  const onError = (e: Error): void => {
    broken = e;
  };
  client.on('error', onError);
  let dropped: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client, (why) => (dropped = why));
    if (dropped) return result;
    // null when the transaction wrote nothing: then a failed COMMIT lost nothing either
    const xid = (await client.query<{ xid: string | null }>('SELECT txid_current_if_assigned()::text AS xid')).rows[0]!
      .xid;
    try {
      await client.query('COMMIT');
    } catch (e) {
      if (xid === null || !isUnavailable(e)) throw e;
      // the COMMIT may have been carried out, its answer lost: ask PostgreSQL, never guess
      broken = e as Error;
      if ((await commitStatus(pool, xid)) === 'committed') return result;
      throw e;
    }
    return result;
  } catch (e) {
    // closing a connection rolls back: a dropped one could not take a ROLLBACK, nor can one
    // whose statement went unanswered (the ROLLBACK would wait behind it)
    if (broken || isUnavailable(e)) broken ??= e as Error;
    else if (!dropped) await client.query('ROLLBACK').catch((r: Error) => (broken = r));
    throw toStoreError(e);
  } finally {
    client.off('error', onError);
    client.release(dropped ?? broken);
  }
}

/**
 * What became of a transaction whose COMMIT went unanswered, asked on another connection:
 * 'aborted' (nothing kept: busy, 1018, and safe to send again) or 'committed'; otherwise
 * StoreOutcomeUnknownError, since a client that sent it again could store it twice.
 */
async function commitStatus(pool: pg.Pool, xid: string): Promise<'committed' | 'aborted'> {
  for (let attempt = 0; attempt < STATUS_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, STATUS_WAIT_MS));
    // 'in progress' while the backend has yet to see its connection go
    const status = await pool.query<{ s: string | null }>('SELECT txid_status($1::bigint) AS s', [xid]).then(
      (r) => r.rows[0]!.s,
      () => undefined, // still out of reach (the pool waited its connection timeout): unknown
    );
    if (status === undefined) break;
    if (status === 'committed' || status === 'aborted') return status;
  }
  throw new StoreOutcomeUnknownError(xid);
}
