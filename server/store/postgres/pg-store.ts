// The shared store: everything in one PostgreSQL database, so any number of server
// processes behind a load balancer see the same organizations, items, grants and replayed
// request ids at once. Content lives in chunk rows written in the item's own transaction
// (no file beside the database to lose or to back up separately) and is streamed both ways.
import pg from 'pg';
import { newId } from '../ids.js';
import {
  organizationColumns,
  type ContainerRow,
  type NewOrganization,
  type OrganizationChanges,
  type OrganizationRow,
  type VisibleItemRow,
} from '../rows.js';
import {
  LastAdministratorError,
  CertificateTakenError,
  NameTakenError,
  removesAdministrator,
  requestIdKey,
  type GrantOutcome,
  type ItemWrite,
  type SaveOutcome,
  type Store,
} from '../store.js';
import { isThumbprintViolation, isUniqueViolation, run } from './pg-errors.js';
import { NotOwnerSignal, saveItemIn, visibleItemOn } from './pg-items.js';
import { migrateAt } from './pg-migrate.js';
import { StreamingReads } from './pg-streaming-reads.js';
import { inTransaction } from './pg-transaction.js';
import { checkStallWatch, timeoutsFromUrl, watchStalls, type PgTimeouts } from './pg-timeouts.js';

/** BIGINT columns (times in ms, sizes) as numbers: they stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** How often expired request ids are deleted (each node does it; the DELETE is cheap). */
const REPLAY_SWEEP_MS = 60_000;

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
  const pool = newPool(o.maxConnections ?? 20, {
    statement_timeout: t.statementMs,
    query_timeout: t.queryMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  });
  // streams last as long as their client reads: no limit on a statement's time (nor on a
  // snapshot left idle while the last bytes go out), only on silence while a read waits
  const streamingPool = newPool(o.maxStreamingReads ?? 10, {});
  watchStalls(streamingPool, t.streamReadMs);
  await checkStallWatch(streamingPool);
  return new PostgresStore(
    pool,
    streamingPool,
    new StreamingReads(pool, streamingPool, o.maxStreamingReads ?? 10, t),
    t,
  );
}

class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  private lastReplaySweep = 0;

  constructor(
    readonly pool: pg.Pool,
    /** Connections of reads that stream to a client (closed with the store). */
    private readonly streamingPool: pg.Pool,
    private readonly reads: StreamingReads,
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
    if (!namePrefix)
      return this.q<OrganizationRow>('SELECT * FROM organizations ORDER BY name_key COLLATE "C", id COLLATE "C"');
    return this.q<OrganizationRow>(
      'SELECT * FROM organizations WHERE starts_with(name_key, $1) ORDER BY name_key COLLATE "C", id COLLATE "C"',
      [namePrefix.toLowerCase()],
    );
  }
  async insertOrganization(o: NewOrganization, now: number) {
    try {
      // in a transaction, as every write not safe to repeat: an autocommit INSERT whose answer
      // was lost would be 1018, and the client's resend a second organization
      return await this.tx(async (db) => {
        const rows = await db.query<OrganizationRow>(
          `INSERT INTO organizations (id, name, name_key, is_sirb, is_admin, is_disabled, certificate_pem, thumbprint, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
          [newId(), ...organizationColumns(o), now],
        );
        return rows.rows[0]!;
      });
    } catch (e) {
      if (isThumbprintViolation(e)) throw new CertificateTakenError(o.thumbprint ?? '');
      if (isUniqueViolation(e)) throw new NameTakenError(o.name);
      throw e;
    }
  }
  async updateOrganization(id: string, c: OrganizationChanges, now: number) {
    try {
      return await this.tx(async (db) => {
        // a change that may take an administrator away first locks every enabled one, in id order:
        // two disabling each other wait in turn, and the second sees the first's change
        const admins =
          c.isDisabled === true || c.isAdmin === false
            ? (
                await db.query<{ id: string }>(
                  'SELECT id FROM organizations WHERE is_admin = 1 AND is_disabled = 0 ORDER BY id FOR UPDATE',
                )
              ).rows
            : [];
        const row = (await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1 FOR UPDATE', [id]))
          .rows[0];
        if (!row) return undefined;
        if (removesAdministrator(row, c) && !admins.some((a) => a.id !== id)) throw new LastAdministratorError(id);
        const flag = (v: boolean | undefined, was: number) => (v === undefined ? was : v ? 1 : 0);
        const name = c.name ?? row.name;
        const updated = await db.query<OrganizationRow>(
          `UPDATE organizations SET name = $1, name_key = $2, is_sirb = $3, is_disabled = $4, is_admin = $5, certificate_pem = $6, thumbprint = $7, updated_at = $8
           WHERE id = $9 RETURNING *`,
          [
            name,
            name.toLowerCase(),
            flag(c.isSirb, row.is_sirb),
            flag(c.isDisabled, row.is_disabled),
            flag(c.isAdmin, row.is_admin),
            c.certificatePem ?? row.certificate_pem,
            c.thumbprint ?? row.thumbprint,
            now,
            id,
          ],
        );
        return updated.rows[0];
      });
    } catch (e) {
      if (isThumbprintViolation(e)) throw new CertificateTakenError(c.thumbprint ?? '');
      if (isUniqueViolation(e) && c.name !== undefined) throw new NameTakenError(c.name);
      throw e;
    }
  }

  async insertContainer(ownerId: string, now: number) {
    // a transaction: a lost answer to its COMMIT is asked after (pg-transaction.ts), never 1018 with the row kept
    return this.tx(async (db) => {
      const rows = await db.query<ContainerRow>(
        'INSERT INTO containers (id, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING *',
        [newId(), ownerId, now],
      );
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
      const r = await db.query('DELETE FROM container_access WHERE container_id = $1 AND organization_id = $2', [
        c.id,
        orgId,
      ]);
      if ((r.rowCount ?? 0) > 0) await db.query('UPDATE containers SET updated_at = $1 WHERE id = $2', [now, c.id]);
    });
  }

  async getVisibleItem(containerId: string, path: string, orgId: string) {
    return run(visibleItemOn(this.pool, containerId, path, orgId));
  }

  async itemOwner(containerId: string, path: string) {
    return (
      await this.q<{ owner_id: string }>('SELECT owner_id FROM items WHERE container_id = $1 AND path = $2', [
        containerId,
        path,
      ])
    )[0]?.owner_id;
  }

  async saveItem(containerId: string, path: string, ownerId: string, w: ItemWrite, now: number): Promise<SaveOutcome> {
    return this.tx((db) => saveItemIn(db, containerId, path, ownerId, w, now, this.timeouts)).catch((e: unknown) => {
      if (e instanceof NotOwnerSignal) return 'notOwner' as const;
      throw e;
    });
  }

  async deleteItem(row: VisibleItemRow) {
    await this.tx(async (db) => {
      // its grants go with it by cascade, its chunks with its content row: the content it has
      // now, not `row`'s, which another node may have replaced since the route read it
      const gone = await db.query<{ content_id: string }>('DELETE FROM items WHERE rowid = $1 RETURNING content_id', [
        row.rowid,
      ]);
      if (gone.rows[0]) await db.query('DELETE FROM contents WHERE id = $1', [gone.rows[0].content_id]);
    });
  }

  readContent: Store['readContent'] = (...a) => this.reads.readContent(...a);
  listItems: Store['listItems'] = (...a) => this.reads.listItems(...a);

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
        c.owner_id === orgId ||
        (
          await db.query('SELECT 1 FROM container_access WHERE container_id = $1 AND organization_id = $2 FOR SHARE', [
            c.id,
            orgId,
          ])
        ).rows.length > 0;
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
    return (
      (await this.count('UPDATE item_keys SET key = $1 WHERE item_rowid = $2 AND organization_id = $3', [
        key,
        row.rowid,
        orgId,
      ])) > 0
    );
  }
  async revokeItemKey(row: VisibleItemRow, orgId: string) {
    // repeated after a lost answer it would find nothing and say 404 for a revoke that was done
    return this.tx(
      async (db) =>
        ((await db.query('DELETE FROM item_keys WHERE item_rowid = $1 AND organization_id = $2', [row.rowid, orgId]))
          .rowCount ?? 0) > 0,
    );
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
    await this.q(
      'INSERT INTO trusted_cas (name, pem) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET pem = EXCLUDED.pem',
      [name, pem],
    );
  }

  async close() {
    await Promise.all([this.pool.end(), this.streamingPool.end()]);
  }
}
