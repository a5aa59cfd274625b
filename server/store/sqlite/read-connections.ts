// Read-only connections for reads that run across event-loop turns (a large listing is
// sent as fast as the client takes it, not read whole first). An open SQLite statement
// keeps its connection busy, so such a read gets a connection of its own: the main one
// stays free for every other request, and the one statement sees one snapshot (WAL).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { DB_FILE, type Db } from './database.js';

/** Idle connections kept open for the next read (opening one costs about a millisecond). */
const KEEP_IDLE = 2;

export class ReadConnections {
  private readonly idle: Db[] = [];
  private inUse = 0;
  private closed = false;
  private allReleased: (() => void) | undefined;

  constructor(private readonly dataDir: string) {}

  /** Runs `read` on a connection no one else uses meanwhile. */
  async use<T>(read: (db: Db) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the store is closed');
    const db = this.idle.pop() ?? this.open();
    this.inUse++;
    try {
      return await read(db);
    } finally {
      this.inUse--;
      if (!this.closed && this.idle.length < KEEP_IDLE) this.idle.push(db);
      else db.close();
      if (this.inUse === 0) this.allReleased?.();
    }
  }

  /** Closes every connection; resolves once the reads still running have ended too. */
  close(): Promise<void> {
    this.closed = true;
    for (const db of this.idle.splice(0)) db.close();
    if (this.inUse === 0) return Promise.resolve();
    return new Promise((resolve) => (this.allReleased = resolve));
  }

  private open(): Db {
    const db = new Database(join(this.dataDir, DB_FILE), { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    // as the main connection: rows straight from the OS page cache
    db.pragma('mmap_size = 268435456');
    return db;
  }
}
