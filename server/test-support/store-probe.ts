// A look inside a store for what only tests and benchmarks may do: fill a container in
// bulk, see open reads and connections, reach the stored bytes, find what a crash left.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { processAlive } from '../../shared/protocol/process-alive.js';
import { DB_FILE, openDatabase } from '../store/sqlite/database.js';
import type { ItemFields } from '../store/rows.js';
import { getItem, insertItem, replaceItem } from '../store/sqlite/items.js';
import { inTransaction } from '../store/postgres/pg-transaction.js';
import type { StoreOptions } from '../open-store.js';
import { requestIdKey } from '../store/store.js';

export type BulkItem = ItemFields & { readonly path: string };

export interface StoreProbe {
  /** Items written straight into the store (their content is not stored); the i-th is dated now + i. */
  insertItems(containerId: string, ownerId: string, items: readonly BulkItem[], now: number): Promise<void>;
  /** New fields for existing items (as a replace by their owner), dated now. */
  replaceItems(containerId: string, items: readonly BulkItem[], now: number): Promise<void>;
  /** Whether a read that began before the last write still runs (a listing in progress). */
  readOpen(): Promise<boolean>;
  /**
   * How many reads hold a snapshot open, where the store can tell: on PostgreSQL the open
   * transactions of the server's connections; SQLite's reads leave nothing to count (undefined).
   */
  readsOpen(): Promise<number | undefined>;
  /** Whether the server has taken the request: its id is recorded against replays. */
  requestSeen(orgId: string, requestId: string): Promise<boolean>;
  /** Connections (SQLite: file handles of this process) the server holds on its store. */
  connections(): Promise<number>;
  /** The bytes stored for an item's content. */
  storedContent(containerId: string, path: string): Promise<Buffer>;
  /** Stored contents, by name, sorted (SQLite: files in content/; PostgreSQL: contents whose chunks are all there). */
  storedContents(): Promise<string[]>;
  /** The contents the items name, sorted. */
  referencedContents(): Promise<string[]>;
  /**
   * Upload files left behind: SQLite's tmp/ (emptied by each start); on PostgreSQL the
   * upload folders of server processes that are gone (each start removes them).
   */
  uploadsLeft(): Promise<string[]>;
  /** Key rows of items that are gone. */
  orphanKeys(): Promise<number>;
  /** Makes an item's stored content vanish behind the server; the text its log then shows. */
  loseContent(containerId: string, path: string): Promise<string>;
  close(): Promise<void>;
}

export function probeStore(o: StoreOptions): StoreProbe {
  return o.dataDir !== undefined ? sqliteProbe(o.dataDir) : postgresProbe(o.databaseUrl!);
}

function sqliteProbe(dataDir: string): StoreProbe {
  const file = join(dataDir, DB_FILE);
  const withDb = <T>(read: (db: Database.Database) => T): T => {
    const db = new Database(file, { readonly: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  };
  const contentFile = (containerId: string, path: string): string =>
    withDb(
      (db) =>
        (
          db.prepare('SELECT content_file FROM items WHERE container_id = ? AND path = ?').get(containerId, path) as {
            content_file: string;
          }
        ).content_file,
    );
  return {
    async insertItems(containerId, ownerId, items, now) {
      const db = openDatabase(dataDir);
      try {
        db.transaction(() => {
          items.forEach(({ path, ...f }, i) =>
            insertItem(
              db,
              containerId,
              path,
              ownerId,
              { ...f, contentFile: `${randomBytes(16).toString('hex')}.bin` },
              now + i,
            ),
          );
        })();
      } finally {
        db.close();
      }
    },
    async replaceItems(containerId, items, now) {
      const db = openDatabase(dataDir);
      try {
        db.transaction(() => {
          for (const { path, ...f } of items) {
            const row = getItem(db, containerId, path);
            if (!row) throw new Error(`item ${path} is missing`);
            replaceItem(db, row, { ...f, contentFile: row.content_file }, now);
          }
        })();
      } finally {
        db.close();
      }
    },
    async readOpen() {
      // every write so far can be copied from the WAL into the database unless a read begun before it is still open
      const db = new Database(file);
      try {
        const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
        return r!.checkpointed !== r!.log;
      } finally {
        db.close();
      }
    },
    async readsOpen() {
      return undefined;
    },
    async requestSeen(orgId, requestId) {
      return withDb(
        (db) =>
          db
            .prepare('SELECT 1 FROM seen_requests WHERE organization_id = ? AND request_id = ?')
            .get(orgId, requestIdKey(requestId)) !== undefined,
      );
    },
    async connections() {
      return readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
        } catch {
          return false;
        }
      }).length;
    },
    async storedContent(containerId, path) {
      return readFileSync(join(dataDir, 'content', contentFile(containerId, path)));
    },
    async storedContents() {
      return readdirSync(join(dataDir, 'content')).sort();
    },
    async uploadsLeft() {
      return readdirSync(join(dataDir, 'tmp'));
    },
    async referencedContents() {
      return withDb((db) =>
        (db.prepare('SELECT content_file FROM items').all() as { content_file: string }[])
          .map((r) => r.content_file)
          .sort(),
      );
    },
    async orphanKeys() {
      return withDb(
        (db) =>
          (
            db
              .prepare(
                'SELECT COUNT(*) AS n FROM item_keys k LEFT JOIN items i ON i.rowid = k.item_rowid WHERE i.rowid IS NULL',
              )
              .get() as { n: number }
          ).n,
      );
    },
    async loseContent(containerId, path) {
      rmSync(join(dataDir, 'content', contentFile(containerId, path)));
      return 'ENOENT';
    },
    async close() {},
  };
}

function postgresProbe(url: string): StoreProbe {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const one = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T> =>
    (await pool.query<T>(sql, values)).rows[0]!;
  const readsOpen = async (): Promise<number> =>
    (
      await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'study-exchange' AND xact_start IS NOT NULL",
      )
    ).n;
  return {
    async insertItems(containerId, ownerId, items, now) {
      // rolled back on a refusal: the connection goes back to the pool clean
      await inTransaction(pool, async (client) => {
        // a few thousand rows per statement: 100,000 items in seconds, not minutes of round trips
        for (let from = 0; from < items.length; from += 5000) {
          const batch = items.slice(from, from + 5000);
          const contents = batch.map(() => randomBytes(16).toString('hex'));
          const col = <K extends keyof BulkItem>(k: K) => batch.map((x) => x[k]);
          await client.query('INSERT INTO contents (id, size) SELECT unnest($1::text[]), 0', [contents]);
          await client.query(
            `WITH rows AS (
               INSERT INTO items (container_id, path, depth, owner_id, header, header_hash, content_hash, key_hash, iv, content_id, content_length, created_at, updated_at)
               SELECT $1, p, array_length(string_to_array(p, '|'), 1), $2, h, hh, ch, kh, iv, c, cl, t, t
               FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[], $11::bigint[]) AS x(p, h, hh, ch, kh, iv, c, cl, t)
               RETURNING rowid, path
             )
             INSERT INTO item_keys (item_rowid, organization_id, key, seq)
             SELECT rows.rowid, $2, k.key, 0 FROM rows JOIN unnest($3::text[], $12::text[]) AS k(path, key) ON k.path = rows.path`,
            [
              containerId,
              ownerId,
              col('path'),
              col('header'),
              col('headerHash'),
              col('contentHash'),
              col('keyHash'),
              col('iv'),
              contents,
              col('contentLength'),
              batch.map((_, i) => now + from + i),
              col('key'),
            ],
          );
        }
      });
    },
    async replaceItems(containerId, items, now) {
      for (const { path, ...f } of items) {
        await pool.query(
          `WITH i AS (
             UPDATE items SET header = $3, header_hash = $4, content_hash = $5, key_hash = $6, iv = $7, content_length = $8, updated_at = $9
             WHERE container_id = $1 AND path = $2 RETURNING rowid, owner_id
           )
           UPDATE item_keys k SET key = $10 FROM i WHERE k.item_rowid = i.rowid AND k.organization_id = i.owner_id`,
          [containerId, path, f.header, f.headerHash, f.contentHash, f.keyHash, f.iv, f.contentLength, now, f.key],
        );
      }
    },
    async readOpen() {
      return (await readsOpen()) > 0;
    },
    readsOpen,
    async requestSeen(orgId, requestId) {
      return (
        (
          await pool.query('SELECT 1 FROM seen_requests WHERE organization_id = $1 AND request_id = $2', [
            orgId,
            requestIdKey(requestId),
          ])
        ).rows.length > 0
      );
    },
    async connections() {
      return (
        await one<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'study-exchange'",
        )
      ).n;
    },
    async storedContent(containerId, path) {
      const r = await pool.query<{ data: Buffer }>(
        'SELECT c.data FROM items i JOIN content_chunks c ON c.content_id = i.content_id WHERE i.container_id = $1 AND i.path = $2 ORDER BY c.seq',
        [containerId, path],
      );
      return Buffer.concat(r.rows.map((x) => x.data));
    },
    async storedContents() {
      const r = await pool.query<{ id: string }>(
        `SELECT c.id FROM contents c LEFT JOIN content_chunks k ON k.content_id = c.id
         GROUP BY c.id, c.size HAVING COALESCE(SUM(length(k.data)), 0) = c.size ORDER BY c.id COLLATE "C"`,
      );
      return r.rows.map((x) => x.id);
    },
    async uploadsLeft() {
      return readdirSync(tmpdir()).filter((name) => {
        const pid = /^exchange-uploads-(\d+)-/.exec(name)?.[1];
        return pid !== undefined && !processAlive(Number(pid));
      });
    },
    async referencedContents() {
      return (
        await pool.query<{ id: string }>('SELECT content_id AS id FROM items ORDER BY content_id COLLATE "C"')
      ).rows.map((x) => x.id);
    },
    async orphanKeys() {
      return (
        await one<{ n: number }>(
          'SELECT COUNT(*)::int AS n FROM item_keys k LEFT JOIN items i ON i.rowid = k.item_rowid WHERE i.rowid IS NULL',
        )
      ).n;
    },
    async loseContent(containerId, path) {
      const client = await pool.connect();
      try {
        // past the foreign key, as a damaged database would be (superuser only)
        await client.query('SET session_replication_role = replica');
        await client.query(
          'DELETE FROM contents WHERE id = (SELECT content_id FROM items WHERE container_id = $1 AND path = $2)',
          [containerId, path],
        );
      } finally {
        await client.query('RESET session_replication_role');
        client.release();
      }
      return 'is missing';
    },
    async close() {
      await pool.end();
    },
  };
}
