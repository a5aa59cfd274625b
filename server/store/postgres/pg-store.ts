// The shared store: everything in one PostgreSQL database, so any number of server
// processes behind a load balancer see the same organizations, items, grants and replayed
// request ids at once. Content lives in chunk rows written in the item's own transaction
// (no file beside the database to lose or to back up separately) and is streamed both ways.
import pg from 'pg';
import { newId } from '../ids.js';
import type { ListQuery } from '../listing-sql.js';
import type { ContainerRow, ListedWireRow, NewOrganization, OrganizationChanges, OrganizationRow, VisibleItemRow } from '../rows.js';
import { LastAdministratorError, NameTakenError, removesAdministrator, requestIdKey, type GrantOutcome, type ItemWrite, type SaveOutcome, type Store, type StoredContent } from '../store.js';
import { to as copyTo } from 'pg-copy-streams';
import { chunkReader, writeChunks } from './pg-content.js';
import { CopiedRows, listingCopy } from './copy-listing.js';
import { isUniqueViolation, run } from './pg-errors.js';
import { migrateAt } from './pg-migrate.js';
import { inTransaction } from './pg-transaction.js';
import { StreamingSlots } from './streaming-slots.js';
import { checkStallWatch, timeoutsFromUrl, watchStalls, withSnapshotBound, type PgTimeouts } from './pg-timeouts.js';

/** BIGINT columns (times in ms, sizes) as numbers: they stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

const ITEM_COLUMNS = `i.rowid, i.container_id, i.path, i.depth, i.owner_id, i.header, i.header_hash, i.content_hash, i.key_hash, i.iv,
  i.content_length, i.created_at, i.updated_at`;

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
/** How often expired request ids are deleted (each node does it; the DELETE is cheap). */
const REPLAY_SWEEP_MS = 60_000;

/** The COPY a listing reads and the settings it runs under (store.test.ts checks the plan). */
export function listingStatement(q: ListQuery): { settings: string[]; select: string; sql: string } {
  return listingCopy(LISTED_WIRE_COLUMNS, q);
}

interface PostgresStoreOptions {
  log(line: string): void;
  /** Brings the schema up to date first (serve, migrate); otherwise a schema behind is refused. */
  migrate: boolean;
  /** Connections kept by this process for everything but streaming reads; default 20. */
  maxConnections?: number;
  /** Connections for downloads and listings, which hold theirs while the client reads; default 10. */
  maxStreamingReads?: number;
}

export async function openPostgresStore(databaseUrl: string, o: PostgresStoreOptions): Promise<PostgresStore> {
  const { url, timeouts: t } = timeoutsFromUrl(databaseUrl);
  const { from, to } = await migrateAt(databaseUrl, o.migrate);
  if (from !== to) o.log(`database schema migrated from version ${from} to ${to}`);
  const newPool = (max: number, settings: Partial<pg.PoolConfig>): pg.Pool => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      // an unreachable database is answered 503 within seconds instead of hanging the request
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      // an idle connection whose peer vanished is found (and dropped) within a minute or so, not hours
      keepAliveInitialDelayMillis: 10_000,
      lock_timeout: t.lockMs,
      types: TYPES,
      application_name: 'study-exchange',
      ...settings,
    });
    // a connection that breaks while idle (the database restarted) is dropped by the pool; say so, never crash
    pool.on('error', (e) => o.log(`database connection lost: ${e.message}`));
    return pool;
  };
  const pool = newPool(o.maxConnections ?? 20, { statement_timeout: t.statementMs, query_timeout: t.queryMs, idle_in_transaction_session_timeout: t.idleInTransactionMs });
  // streams last as long as their client reads: no limit on a statement's time (nor on a
  // snapshot left idle while the last bytes go out), only on silence while a read waits
  const streamingPool = newPool(o.maxStreamingReads ?? 10, {});
  watchStalls(streamingPool, t.streamReadMs);
  await checkStallWatch(streamingPool);
  const streaming = new StreamingSlots(o.maxStreamingReads ?? 10, STREAMING_WAIT_MS);
  return new PostgresStore(pool, streamingPool, streaming, t);
}

class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  private lastReplaySweep = 0;

  constructor(
    readonly pool: pg.Pool,
    /** Connections of reads that stream to a client, entered through the slots. */
    private readonly streamingPool: pg.Pool,
    private readonly streaming: StreamingSlots,
    private readonly timeouts: PgTimeouts,
  ) {}

  // Autocommit (q, count) is for reads and for writes safe to repeat after a lost answer (1018,
  // resent): updateItemKey sets the same key again, addTrustedCa upserts, the replay sweep
  // deletes, recordRequestId gets a new id on each resend. Any other write goes through tx.
  private async q<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    return (await run(this.pool.query<R>(text, values))).rows;
  }

  /** How many rows a statement changed. */
  private async count(text: string, values: unknown[]): Promise<number> {
    return (await run(this.pool.query(text, values))).rowCount ?? 0;
  }

  /** Runs `work` in one transaction on one connection; committed before it resolves (pg-transaction.ts). */
  private tx<T>(work: (c: pg.PoolClient, drop: (why: Error) => void) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  async getOrganization(id: string) {
    return (await this.q<OrganizationRow>('SELECT * FROM organizations WHERE id = $1', [id]))[0];
  }
  async listOrganizations(namePrefix?: string) {
    // bytewise, as SQLite sorts: the database's own collation (often linguistic) would order names its way
    if (!namePrefix) return this.q<OrganizationRow>('SELECT * FROM organizations ORDER BY name_key COLLATE "C", id COLLATE "C"');
    return this.q<OrganizationRow>('SELECT * FROM organizations WHERE starts_with(name_key, $1) ORDER BY name_key COLLATE "C", id COLLATE "C"', [
      namePrefix.toLowerCase(),
    ]);
  }
  async insertOrganization(o: NewOrganization, now: number) {
    try {
      // in a transaction, as every write not safe to repeat: an autocommit INSERT whose answer
      // was lost would be 1018, and the client's resend a second organization
      return await this.tx(async (db) => {
        const rows = await db.query<OrganizationRow>(
          `INSERT INTO organizations (id, name, name_key, is_sirb, is_admin, is_disabled, certificate_pem, thumbprint, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
          [newId(), o.name, o.name.toLowerCase(), o.isSirb ? 1 : 0, o.isAdmin ? 1 : 0, o.isDisabled ? 1 : 0, o.certificatePem ?? null, o.thumbprint ?? '', now],
        );
        return rows.rows[0]!;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new NameTakenError(o.name);
      throw e;
    }
  }
  async updateOrganization(id: string, c: OrganizationChanges, now: number) {
    try {
      return await this.tx(async (db) => {
        // a change that may take an administrator away first locks every enabled one, in id order:
        // two disabling each other wait in turn, and the second sees the first's change
        const admins = c.isDisabled === true || c.isAdmin === false ? (await db.query<{ id: string }>('SELECT id FROM organizations WHERE is_admin = 1 AND is_disabled = 0 ORDER BY id FOR UPDATE')).rows : [];
        const row = (await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!row) return undefined;
        if (removesAdministrator(row, c) && !admins.some((a) => a.id !== id)) throw new LastAdministratorError(id);
        const flag = (v: boolean | undefined, was: number) => (v === undefined ? was : v ? 1 : 0);
        const name = c.name ?? row.name;
        const updated = await db.query<OrganizationRow>(
          `UPDATE organizations SET name = $1, name_key = $2, is_sirb = $3, is_disabled = $4, is_admin = $5, certificate_pem = $6, thumbprint = $7, updated_at = $8
           WHERE id = $9 RETURNING *`,
          [name, name.toLowerCase(), flag(c.isSirb, row.is_sirb), flag(c.isDisabled, row.is_disabled), flag(c.isAdmin, row.is_admin), c.certificatePem ?? row.certificate_pem, c.thumbprint ?? row.thumbprint, now, id],
        );
        return updated.rows[0];
      });
    } catch (e) {
      if (isUniqueViolation(e) && c.name !== undefined) throw new NameTakenError(c.name);
      throw e;
    }
  }

  async insertContainer(ownerId: string, now: number) {
    // a transaction: a lost answer to its COMMIT is asked after (pg-transaction.ts), never 1018 with the row kept
    return this.tx(async (db) => {
      const rows = await db.query<ContainerRow>('INSERT INTO containers (id, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING *', [newId(), ownerId, now]);
      return rows.rows[0]!;
    });
  }
  async visibleContainer(containerId: string, orgId: string) {
    const rows = await this.q<ContainerRow>(
      `SELECT c.* FROM containers c WHERE c.id = $1 AND (c.owner_id = $2 OR EXISTS (
         SELECT 1 FROM container_access a WHERE a.container_id = c.id AND a.organization_id = $2))`,
      [containerId, orgId],
    );
    return rows[0];
  }
  async listVisibleContainers(orgId: string) {
    return this.q<ContainerRow>(
      `SELECT c.* FROM containers c WHERE c.owner_id = $1
       UNION SELECT c.* FROM containers c JOIN container_access a ON a.container_id = c.id WHERE a.organization_id = $1
       ORDER BY created_at, id`,
      [orgId],
    );
  }
  async containerMembers(c: ContainerRow) {
    return this.q<OrganizationRow>(
      `SELECT o.* FROM organizations o JOIN (
         SELECT $1::text AS organization_id, 0 AS seq
         UNION ALL SELECT organization_id, seq FROM container_access WHERE container_id = $2
       ) m ON m.organization_id = o.id ORDER BY m.seq`,
      [c.owner_id, c.id],
    );
  }
  async addCollaborator(c: ContainerRow, orgId: string, now: number) {
    if (c.owner_id === orgId) return;
    await this.tx(async (db) => {
      // the container's row lock orders concurrent grants: each gets the next seq
      await db.query('SELECT 1 FROM containers WHERE id = $1 FOR UPDATE', [c.id]);
      const r = await db.query(
        `INSERT INTO container_access (container_id, organization_id, granted_at, seq)
         SELECT $1, $2, $3, COALESCE(MAX(seq), 0) + 1 FROM container_access WHERE container_id = $1
         ON CONFLICT DO NOTHING`,
        [c.id, orgId, now],
      );
      if ((r.rowCount ?? 0) > 0) await db.query('UPDATE containers SET updated_at = $1 WHERE id = $2', [now, c.id]);
    });
  }
  async removeCollaborator(c: ContainerRow, orgId: string, now: number) {
    await this.tx(async (db) => {
      // the container's row first, as a grant takes it: the other order deadlocked with a grant
      await db.query('SELECT 1 FROM containers WHERE id = $1 FOR UPDATE', [c.id]);
      const r = await db.query('DELETE FROM container_access WHERE container_id = $1 AND organization_id = $2', [c.id, orgId]);
      if ((r.rowCount ?? 0) > 0) await db.query('UPDATE containers SET updated_at = $1 WHERE id = $2', [now, c.id]);
    });
  }

  private async visibleItemOn(db: pg.Pool | pg.PoolClient, containerId: string, path: string, orgId: string): Promise<(VisibleItemRow & { content_id: string }) | undefined> {
    const r = await db.query<VisibleItemRow & { content_id: string }>(
      `SELECT ${ITEM_COLUMNS}, i.content_id, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = $1
       WHERE i.container_id = $2 AND i.path = $3`,
      [orgId, containerId, path],
    );
    return r.rows[0];
  }
  async getVisibleItem(containerId: string, path: string, orgId: string) {
    return run(this.visibleItemOn(this.pool, containerId, path, orgId));
  }

  async itemOwner(containerId: string, path: string) {
    return (await this.q<{ owner_id: string }>('SELECT owner_id FROM items WHERE container_id = $1 AND path = $2', [containerId, path]))[0]?.owner_id;
  }

  async saveItem(containerId: string, path: string, ownerId: string, w: ItemWrite, now: number): Promise<SaveOutcome> {
    return this.tx(async (db) => {
      const contentId = newId();
      // the COPY of a large upload takes longer than any other statement may
      await db.query(`SET LOCAL statement_timeout = ${this.timeouts.uploadMs}`);
      await writeChunks(db, contentId, w.tempFile, this.timeouts.uploadQueryMs);
      await db.query('SET LOCAL statement_timeout TO DEFAULT');
      // one writer per path at a time: concurrent first saves of a path would both insert
      await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${containerId}|${path}`]);
      const current = (
        await db.query<{ rowid: number; owner_id: string; updated_at: number; content_id: string }>(
          'SELECT rowid, owner_id, updated_at, content_id FROM items WHERE container_id = $1 AND path = $2 FOR UPDATE',
          [containerId, path],
        )
      ).rows[0];
      if (current && current.owner_id !== ownerId) {
        // the chunks written go with the rollback
        throw new NotOwnerSignal();
      }
      if (current) {
        const saved = await db.query<Omit<VisibleItemRow, 'key'>>(
          `UPDATE items AS i SET header = $1, header_hash = $2, content_hash = $3, key_hash = $4, iv = $5, content_id = $6, content_length = $7, updated_at = $8
           WHERE rowid = $9 RETURNING ${ITEM_COLUMNS}`,
          [w.header, w.headerHash, w.contentHash, w.keyHash, w.iv, contentId, w.contentLength, Math.max(now, current.updated_at), current.rowid],
        );
        await db.query('UPDATE item_keys SET key = $1 WHERE item_rowid = $2 AND organization_id = $3', [w.key, current.rowid, ownerId]);
        await db.query('DELETE FROM contents WHERE id = $1', [current.content_id]);
        return { created: false, row: { ...saved.rows[0]!, key: w.key } };
      }
      const inserted = await db.query<Omit<VisibleItemRow, 'key'>>(
        `INSERT INTO items AS i (container_id, path, depth, owner_id, header, header_hash, content_hash, key_hash, iv, content_id, content_length, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING ${ITEM_COLUMNS}`,
        [containerId, path, path.split('|').length, ownerId, w.header, w.headerHash, w.contentHash, w.keyHash, w.iv, contentId, w.contentLength, now],
      );
      const row = inserted.rows[0]!;
      await db.query('INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES ($1, $2, $3, 0)', [row.rowid, ownerId, w.key]);
      return { created: true, row: { ...row, key: w.key } };
    }).catch((e: unknown) => {
      if (e instanceof NotOwnerSignal) return 'notOwner' as const;
      throw e;
    });
  }

  async deleteItem(row: VisibleItemRow) {
    await this.tx(async (db) => {
      // its grants go with it by cascade, its chunks with its content row: the content it has
      // now, not `row`'s, which another node may have replaced since the route read it
      const gone = await db.query<{ content_id: string }>('DELETE FROM items WHERE rowid = $1 RETURNING content_id', [row.rowid]);
      if (gone.rows[0]) await db.query('DELETE FROM contents WHERE id = $1', [gone.rows[0].content_id]);
    });
  }

  /** A read that streams to a client, in a slot of the caller's share and on a connection of its own pool, in one snapshot. */
  private streamingTx<T>(orgId: string, work: (c: pg.PoolClient, drop: (why: Error) => void) => Promise<T>): Promise<T> {
    // the snapshot lasts at most readSnapshotMs, however slowly the client reads
    const bounded = withSnapshotBound(this.pool, this.timeouts.readSnapshotMs, work);
    return this.streaming.use(orgId, () => inTransaction(this.streamingPool, bounded, READ_SNAPSHOT, false));
  }

  async readContent<T>(containerId: string, path: string, orgId: string, send: (row: VisibleItemRow, content: StoredContent) => Promise<T>): Promise<T | undefined> {
    // one snapshot for the row and every chunk: a replace or delete meanwhile does not cut the answer
    return this.streamingTx(orgId, async (db, drop) => {
      const row = await this.visibleItemOn(db, containerId, path, orgId);
      if (!row) return undefined;
      const stored = (await db.query<{ size: number }>('SELECT size FROM contents WHERE id = $1', [row.content_id])).rows[0];
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

  async listItems(q: ListQuery, consume: (batches: AsyncIterable<readonly ListedWireRow[]>) => Promise<void>) {
    const { settings, sql } = listingCopy(LISTED_WIRE_COLUMNS, q);
    await this.streamingTx(q.orgId, async (db, drop) => {
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

  async itemReaders(row: VisibleItemRow) {
    return this.q<OrganizationRow>(
      `SELECT o.* FROM item_keys k JOIN organizations o ON o.id = k.organization_id
       WHERE k.item_rowid = $1 ORDER BY (k.organization_id = $2) DESC, k.seq`,
      [row.rowid, row.owner_id],
    );
  }
  async grantItemKey(c: ContainerRow, row: VisibleItemRow, orgId: string, key: string): Promise<GrantOutcome> {
    return this.tx(async (db) => {
      // the item's row lock orders concurrent grants (seq) and a grant against a delete
      await db.query('SELECT 1 FROM items WHERE rowid = $1 FOR UPDATE', [row.rowid]);
      const member =
        c.owner_id === orgId || (await db.query('SELECT 1 FROM container_access WHERE container_id = $1 AND organization_id = $2 FOR SHARE', [c.id, orgId])).rows.length > 0;
      if (!member) return 'notMember';
      const r = await db.query(
        `INSERT INTO item_keys (item_rowid, organization_id, key, seq)
         SELECT $1, $2, $3, COALESCE(MAX(seq), 0) + 1 FROM item_keys WHERE item_rowid = $1
         ON CONFLICT DO NOTHING`,
        [row.rowid, orgId, key],
      );
      return (r.rowCount ?? 0) > 0 ? 'granted' : 'alreadyHasAccess';
    });
  }
  async updateItemKey(row: VisibleItemRow, orgId: string, key: string) {
    return (await this.count('UPDATE item_keys SET key = $1 WHERE item_rowid = $2 AND organization_id = $3', [key, row.rowid, orgId])) > 0;
  }
  async revokeItemKey(row: VisibleItemRow, orgId: string) {
    // repeated after a lost answer it would find nothing and say 404 for a revoke that was done
    return this.tx(async (db) => ((await db.query('DELETE FROM item_keys WHERE item_rowid = $1 AND organization_id = $2', [row.rowid, orgId])).rowCount ?? 0) > 0);
  }

  async recordRequestId(orgId: string, requestId: string, expiresAt: number, now: number) {
    if (now - this.lastReplaySweep > REPLAY_SWEEP_MS) {
      this.lastReplaySweep = now;
      await this.q('DELETE FROM seen_requests WHERE expires_at < $1', [now]);
    }
    // one statement decides, whichever node gets the id first: a new id (or an expired one) is taken, a live one is a replay
    const rows = await this.q(
      `INSERT INTO seen_requests (organization_id, request_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, request_id) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE seen_requests.expires_at < $4
       RETURNING 1`,
      [orgId, requestIdKey(requestId), expiresAt, now],
    );
    return rows.length === 1;
  }

  async trustedCas() {
    return (await this.q<{ pem: string }>('SELECT pem FROM trusted_cas ORDER BY name')).map((r) => r.pem);
  }
  async addTrustedCa(name: string, pem: string) {
    await this.q('INSERT INTO trusted_cas (name, pem) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET pem = EXCLUDED.pem', [name, pem]);
  }

  async close() {
    await Promise.all([this.pool.end(), this.streamingPool.end()]);
  }
}

/** Rolls an item write back when another organization owns the path after all. */
class NotOwnerSignal extends Error {}
