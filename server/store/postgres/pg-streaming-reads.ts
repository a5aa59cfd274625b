// Reads that stream to a client (downloads and listings) on PostgreSQL: each in a slot of
// the caller's share (streaming-slots.ts), on a connection of its own pool, in one snapshot
// for as long as the client takes to read, within the snapshot's bound (pg-timeouts.ts).
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ListQuery } from '../listing-sql.js';
import type { ListedWireRow, VisibleItemRow } from '../rows.js';
import type { StoredContent } from '../store.js';
import { CopiedRows, listingCopy } from './copy-listing.js';
import { chunkReader } from './pg-content.js';
import { visibleItemOn } from './pg-items.js';
import { inTransaction } from './pg-transaction.js';
import { withSnapshotBound, type PgTimeouts } from './pg-timeouts.js';
import { StreamingSlots } from './streaming-slots.js';

// Field order as in the wire Item (routes/wire.ts), so the text equals JSON.stringify of the Item. The values go
// between quotes unescaped: the schema admits only Base-64 and hex characters (items_json_safe);
// to_json on each cost a third of the database's time for a listing. concat() builds the
// text once where each || copied it again.
const LISTED_WIRE_COLUMNS = `i.path, i.owner_id, i.created_at, i.updated_at,
  concat('"header":"', i.header, '","headerHash":"', i.header_hash, '","headerHashAlgorithm":"SHA256","contentHash":"', i.content_hash,
  '","contentHashAlgorithm":"SHA256","algorithm":"AES","iv":"', i.iv, '","key":"', k.key, '","keyHash":"', i.key_hash, '","keyHashAlgorithm":"SHA256"}')`;

/** How long a download or listing waits for a streaming connection before it is answered busy. */
const STREAMING_WAIT_MS = 2000;
/** The snapshot of a read that streams to a client: the row and every chunk or listed item from one moment. */
const READ_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

/** The COPY a listing reads and the settings it runs under (store.test.ts checks the plan). */
export function listingStatement(q: ListQuery): { settings: string[]; select: string; sql: string } {
  return listingCopy(LISTED_WIRE_COLUMNS, q);
}

export class StreamingReads {
  private readonly slots: StreamingSlots;

  constructor(
    /** The store's pool (the snapshot's bound is watched from there). */
    private readonly pool: pg.Pool,
    /** Connections of reads that stream to a client, entered through the slots. */
    private readonly streamingPool: pg.Pool,
    maxStreamingReads: number,
    private readonly timeouts: PgTimeouts,
  ) {
    this.slots = new StreamingSlots(maxStreamingReads, STREAMING_WAIT_MS);
  }

  /** A read that streams to a client, in a slot of the caller's share and on a connection of its own pool, in one snapshot. */
  private tx<T>(orgId: string, work: (c: pg.PoolClient, drop: (why: Error) => void) => Promise<T>): Promise<T> {
    // the snapshot lasts at most readSnapshotMs, however slowly the client reads
    const bounded = withSnapshotBound(this.pool, this.timeouts.readSnapshotMs, work);
    return this.slots.use(orgId, () => inTransaction(this.streamingPool, bounded, READ_SNAPSHOT, false));
  }

  async readContent<T>(
    containerId: string,
    path: string,
    orgId: string,
    send: (row: VisibleItemRow, content: StoredContent) => Promise<T>,
  ): Promise<T | undefined> {
    // one snapshot for the row and every chunk: a replace or delete meanwhile does not cut the answer
    return this.tx(orgId, async (db, drop) => {
      const row = await visibleItemOn(db, containerId, path, orgId);
      if (!row) return undefined;
      const stored = (await db.query<{ size: number }>('SELECT size FROM contents WHERE id = $1', [row.content_id]))
        .rows[0];
      if (!stored) throw new Error(`the content ${row.content_id} of item ${path} is missing`);
      const { size } = stored;
      const reader = chunkReader(db, row.content_id, size);
      try {
        return await send(row, { size, encoding: 'binary', direct: false, read: reader.read });
      } finally {
        if (!reader.close()) drop(new Error('the content was left half read'));
      }
    });
  }

  async listItems(
    q: ListQuery,
    consume: (batches: AsyncIterable<readonly ListedWireRow[]>) => Promise<void>,
  ): Promise<void> {
    const { settings, sql } = listingStatement(q);
    await this.tx(q.orgId, async (db, drop) => {
      for (const setting of settings) await db.query(setting);
      // streamed as the client takes it, never the whole listing at once
      const rows = new CopiedRows(db.query(copyTo(sql)));
      try {
        await consume(rows.batches());
      } finally {
        // a client that left mid-listing leaves the COPY running: its connection is closed, not reused
        if (!rows.ended) drop(new Error('the listing was left half read'));
      }
    });
  }
}
