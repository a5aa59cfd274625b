// How long the store waits for PostgreSQL. A network that drops packets without a reset
// (a partition, a frozen VM) gives no error at all: without these a request waited forever.
// Each may be set in the database URL (milliseconds), e.g. ?statement_timeout=10000; they are
// taken out of the URL and applied per pool, since pg would give a URL's value to both pools.
import { Socket } from 'node:net';
import type pg from 'pg';

export interface PgTimeouts {
  /** statement_timeout of ordinary statements (PostgreSQL cancels them: 57014). */
  readonly statementMs: number;
  /** The client's own limit per statement: the database's answer may never come (a frozen network). */
  readonly queryMs: number;
  /** statement_timeout of an upload's COPY: a 300 MiB one takes tens of seconds on slow disks. */
  readonly uploadMs: number;
  /** The client's limit on an upload's COPY: uploadMs and the margin queryMs leaves over statementMs. */
  readonly uploadQueryMs: number;
  /** lock_timeout: a row lock waited for longer is refused busy (55P03). */
  readonly lockMs: number;
  /** idle_in_transaction_session_timeout: a node that froze mid-transaction lets go of its locks. */
  readonly idleInTransactionMs: number;
  /** Downloads and listings stream as the client reads, but silence while a read waits is limited. */
  readonly streamReadMs: number;
  /**
   * How long a download or listing may keep its read snapshot: past it the answer is cut, so a
   * client that reads slowly (or not at all) cannot keep VACUUM from reclaiming rows anywhere
   * in the cluster for longer.
   */
  readonly readSnapshotMs: number;
}

const PARAMS: Record<string, keyof PgTimeouts> = {
  statement_timeout: 'statementMs',
  query_timeout: 'queryMs',
  upload_timeout: 'uploadMs',
  lock_timeout: 'lockMs',
  idle_in_transaction_session_timeout: 'idleInTransactionMs',
  stream_read_timeout: 'streamReadMs',
  read_snapshot_timeout: 'readSnapshotMs',
};

/** The URL without the timeouts, and the timeouts (defaults for those not given). */
export function timeoutsFromUrl(databaseUrl: string): { url: string; timeouts: PgTimeouts } {
  const url = new URL(databaseUrl);
  const given: Partial<Record<keyof PgTimeouts, number>> = {};
  for (const [param, key] of Object.entries(PARAMS)) {
    const v = url.searchParams.get(param);
    if (v === null) continue;
    if (!/^\d+$/.test(v) || Number(v) <= 0)
      throw new Error(`The database URL's ${param} must be a positive number of milliseconds, not ${v}.`);
    given[key] = Number(v);
    url.searchParams.delete(param);
  }
  const statementMs = given.statementMs ?? 30_000;
  // PostgreSQL's own cancel comes first and leaves the connection usable; the client's is for silence
  const queryMs = given.queryMs ?? statementMs + 5_000;
  if (queryMs <= statementMs) {
    throw new Error(
      `The database URL's query_timeout (${queryMs}) must be longer than its statement_timeout (${statementMs}): PostgreSQL's own cancel comes first.`,
    );
  }
  const uploadMs = given.uploadMs ?? 600_000;
  const timeouts: PgTimeouts = {
    statementMs,
    queryMs,
    uploadMs,
    uploadQueryMs: uploadMs + queryMs - statementMs,
    lockMs: given.lockMs ?? 10_000,
    idleInTransactionMs: given.idleInTransactionMs ?? 60_000,
    streamReadMs: given.streamReadMs ?? 60_000,
    readSnapshotMs: given.readSnapshotMs ?? 600_000,
  };
  return { url: url.toString(), timeouts };
}

/**
 * How long a streaming read may wait for its statement's first bytes: a listing whose scan
 * filters a huge container for the few items granted sends nothing for a while, and is no stall.
 */
export const STREAM_FIRST_BYTE_MS = 600_000;

/**
 * Ends a streaming read's transaction once it has lasted `ms`: its backend is terminated from
 * another connection (`control`), which ends the snapshot whatever the connection is doing
 * (a COPY blocked on a client that does not read cannot take a cancel on its own socket).
 * The connection is marked dropped first, so it is never handed to another request. `work`
 * is the read, run in the transaction with the bound.
 */
export function withSnapshotBound<T>(
  control: pg.Pool,
  ms: number,
  work: (db: pg.PoolClient, drop: (why: Error) => void) => Promise<T>,
) {
  return async (db: pg.PoolClient, drop: (why: Error) => void): Promise<T> => {
    const { pid } = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!;
    const timer = setTimeout(() => {
      drop(new Error(`the read kept its snapshot for ${ms} ms and was cut`));
      control.query('SELECT pg_terminate_backend($1)', [pid]).catch(() => undefined);
    }, ms);
    try {
      return await work(db, drop);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** node-postgres internals the stall watch reads: the socket, the statement waiting for its answer, and query() to see one sent. */
interface ClientInternals {
  connection: { stream: Socket };
  _getActiveQuery?: () => unknown;
  query: (...args: unknown[]) => unknown;
}

/**
 * The internals the stall watch reads, present on a client of this node-postgres, or what
 * is missing. They are not pg's documented API: a release that moves them would otherwise
 * leave the watch silently doing nothing, so the store refuses to start instead (and
 * pg-timeouts.test.ts fails) until the watch is brought in line.
 */
export function missingInternals(client: unknown): string | undefined {
  const c = client as Partial<ClientInternals> | undefined;
  if (!(c?.connection?.stream instanceof Socket)) return 'connection.stream (the socket)';
  if (typeof c._getActiveQuery !== 'function') return '_getActiveQuery()';
  if (typeof c.query !== 'function') return 'query()';
  return undefined;
}

/** Throws at start when the stall watch could not work with this node-postgres (missingInternals). */
export async function checkStallWatch(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  const missing = missingInternals(client);
  client.release();
  if (missing)
    throw new Error(
      `This node-postgres has no ${missing}, which the stall watch of streaming reads needs (server/store/postgres/pg-timeouts.ts): use the pg version of package-lock.json.`,
    );
}

/**
 * Closes a checked-out connection of the pool that waits for the database and gets nothing
 * for `ms` once its statement's answer began: a statement pending, nothing unread in the
 * socket (else the reader is the slow one: a client reading a download slowly) and no byte
 * moved. Before its first bytes, a statement may wait `firstByteMs`. The statement then fails
 * as ETIMEDOUT (unavailable, 1018). A long stream that keeps moving is never cut.
 */
export function watchStalls(pool: pg.Pool, ms: number, firstByteMs = STREAM_FIRST_BYTE_MS): void {
  const watched = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    const c = client as unknown as ClientInternals;
    const socket = c.connection.stream;
    if (!watched.has(client)) {
      watched.add(client);
      // the transaction's statements go one after another: bytes read since the last was sent are its answer
      let sent = { at: Date.now(), read: socket.bytesRead };
      const query = c.query;
      c.query = function (this: unknown, ...args: unknown[]) {
        sent = { at: Date.now(), read: socket.bytesRead };
        return query.apply(this, args);
      };
      socket.on('timeout', () => {
        const waiting = c._getActiveQuery?.() && socket.readableLength === 0;
        if (!waiting) return socket.setTimeout(ms);
        const answering = socket.bytesRead > sent.read;
        const left = firstByteMs - (Date.now() - sent.at);
        if (!answering && left > 0) return socket.setTimeout(Math.min(ms, left));
        const why = answering
          ? `sent nothing for ${ms} ms while a read waited`
          : `sent nothing for ${firstByteMs} ms after a statement`;
        socket.destroy(Object.assign(new Error(`The database ${why}.`), { code: 'ETIMEDOUT' }));
      });
    }
    socket.setTimeout(ms);
  });
  pool.on('release', (_e: Error | undefined, client: pg.PoolClient) => {
    (client as unknown as ClientInternals).connection.stream.setTimeout(0);
  });
}
