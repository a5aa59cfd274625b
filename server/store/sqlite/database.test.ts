// The SQLite data folder's migrations and pragmas (PostgreSQL's schema versions are tested in
// postgres/pg-migrate.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { MIGRATIONS } from './schema.js';

describe('SQLite data folder', () => {
  it('is migrated to the latest version, in WAL mode with foreign keys; a folder from a newer server is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'exchange-store-'));
    try {
      const db = openDatabase(dir);
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      // reopening does not run migrations again
      const again = openDatabase(dir);
      expect(again.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      again.close();
      db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
      expect(() => openDatabase(dir)).toThrow(/newer server/);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
