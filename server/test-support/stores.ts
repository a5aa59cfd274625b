// The stores every server suite runs against, and a look inside each for what only a test
// may do: fill a container in bulk, see open reads and connections, reach the stored bytes.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { DB_FILE, openDatabase } from '../store/database.js';
import { insertItem, type ItemFields } from '../store/items.js';
import type { StoreOptions } from '../store/open-store.js';
import type { StoreKind } from '../store/store.js';
import { createDatabase } from './pg-cluster.js';

export const STORES: readonly StoreKind[] = ['sqlite', 'postgres'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test run's PostgreSQL cluster (pg-global-setup.ts). */
    pgAdminUrl: string;
  }
}

/** A fresh store of the kind: a data folder below `dir`, or a new database in the run's cluster. */
export async function freshStore(kind: StoreKind, dir: string): Promise<StoreOptions> {
  if (kind === 'sqlite') return { dataDir: join(dir, 'data') };
  return { databaseUrl: await createDatabase(inject('pgAdminUrl')) };
}

export type BulkItem = Omit<ItemFields, 'contentFile'> & { readonly path: string };

export interface StoreProbe {
  /** Items written straight into the store (their content is not stored). */
  insertItems(containerId: string, ownerId: string, items: readonly BulkItem[], now: number): Promise<void>;
  /** Whether a read that began before the last write still runs (a listing in progress). */
  readOpen(): Promise<boolean>;
  /** Connections (SQLite: file handles of this process) the server holds on its store. */
  connections(): Promise<number>;
  /** The bytes stored for an item's content. */
  storedContent(containerId: string, path: string): Promise<Buffer>;
  /** Stored contents, by name, sorted (SQLite: files in content/; PostgreSQL: contents whose chunks are all there). */
  storedContents(): Promise<string[]>;
  /** The contents the items name, sorted. */
  referencedContents(): Promise<string[]>;
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
    withDb((db) => (db.prepare('SELECT content_file FROM items WHERE container_id = ? AND path = ?').get(containerId, path) as { content_file: string }).content_file);
  return {
    async insertItems(containerId, ownerId, items, now) {
      const db = openDatabase(dataDir);
      try {
        db.transaction(() => {
          for (const { path, ...f } of items) insertItem(db, containerId, path, ownerId, { ...f, contentFile: `${randomBytes(16).toString('hex')}.bin` }, now);
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
    async referencedContents() {
      return withDb((db) => (db.prepare('SELECT content_file FROM items').all() as { content_file: string }[]).map((r) => r.content_file).sort());
    },
    async orphanKeys() {
      return withDb((db) => (db.prepare('SELECT COUNT(*) AS n FROM item_keys k LEFT JOIN items i ON i.rowid = k.item_rowid WHERE i.rowid IS NULL').get() as { n: number }).n);
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
  const one = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T> => (await pool.query<T>(sql, values)).rows[0]!;
  return {
    async insertItems(containerId, ownerId, items, now) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const { path, ...f } of items) {
          const content = randomBytes(16).toString('hex');
          await client.query('INSERT INTO contents (id, size) VALUES ($1, 0)', [content]);
          const { rowid } = (await client.query<{ rowid: string }>(
            `INSERT INTO items (container_id, path, depth, owner_id, header, header_hash, content_hash, key_hash, iv, content_id, content_length, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING rowid`,
            [containerId, path, path.split('|').length, ownerId, f.header, f.headerHash, f.contentHash, f.keyHash, f.iv, content, f.contentLength, now],
          )).rows[0]!;
          await client.query('INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES ($1, $2, $3, 0)', [rowid, ownerId, f.key]);
        }
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
    async readOpen() {
      const r = await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'study-exchange' AND xact_start IS NOT NULL",
      );
      return r.n > 0;
    },
    async connections() {
      return (await one<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'study-exchange'")).n;
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
    async referencedContents() {
      return (await pool.query<{ id: string }>('SELECT content_id AS id FROM items ORDER BY content_id COLLATE "C"')).rows.map((x) => x.id);
    },
    async orphanKeys() {
      return (await one<{ n: number }>('SELECT COUNT(*)::int AS n FROM item_keys k LEFT JOIN items i ON i.rowid = k.item_rowid WHERE i.rowid IS NULL')).n;
    },
    async loseContent(containerId, path) {
      const client = await pool.connect();
      try {
        // past the foreign key, as a damaged database would be (superuser only)
        await client.query('SET session_replication_role = replica');
        await client.query('DELETE FROM contents WHERE id = (SELECT content_id FROM items WHERE container_id = $1 AND path = $2)', [containerId, path]);
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
