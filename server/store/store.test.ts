// The store itself: migrations, pragmas, and index use for listing large containers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';
import { MIGRATIONS } from './schema.js';
import { insertContainer } from './containers.js';
import { getVisibleItem, insertItem, iterateListedItems, listVisibleItems, toItem, wireItemJson } from './items.js';
import { insertOrganization } from './organizations.js';

let dir: string;
let db: Db;
let containerId: string;
let ownerA: string;
let ownerB: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'exchange-store-'));
  db = openDatabase(dir);
  ownerA = insertOrganization(db, { name: 'A', isSirb: true }, 1).id;
  ownerB = insertOrganization(db, { name: 'B' }, 1).id;
  containerId = insertContainer(db, ownerA, 1).id;
  const fields = { header: 'AA==', headerHash: 'a'.repeat(64), contentHash: 'b'.repeat(64), keyHash: 'c'.repeat(64), iv: 'd'.repeat(32), key: 'AA==' };
  db.transaction(() => {
    for (let i = 0; i < 100_000; i++) {
      const folder = `f${i % 100}`;
      insertItem(db, containerId, `${folder}|item${i}`, i % 2 ? ownerA : ownerB, { ...fields, contentFile: `c${i}.b64`, contentLength: 4 }, i);
    }
  })();
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('store', () => {
  it('is migrated to the latest version, in WAL mode with foreign keys', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    // reopening does not run migrations again
    const again = openDatabase(dir);
    expect(again.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    again.close();
  });

  it('lists a 100,000-item container by prefix, owner and since through indexes', () => {
    const dirList = listVisibleItems(db, { containerId, orgId: ownerA, path: 'f7', recurse: false });
    expect(dirList).toHaveLength(1000); // f7 holds items 7, 107, ...: all odd, all A's
    expect(listVisibleItems(db, { containerId, orgId: ownerB, path: 'f7', recurse: false })).toEqual([]); // B sees none of them
    expect(dirList.every((r) => r.path.startsWith('f7|'))).toBe(true);
    const since = listVisibleItems(db, { containerId, orgId: ownerB, path: '', recurse: true, since: 99_990 });
    expect(since.map((r) => r.path).sort()).toEqual(['f90|item99990', 'f92|item99992', 'f94|item99994', 'f96|item99996', 'f98|item99998']);
    const owned = listVisibleItems(db, { containerId, orgId: ownerA, path: 'f1', recurse: true, owner: ownerA });
    expect(owned).toHaveLength(1000);
    expect(listVisibleItems(db, { containerId, orgId: ownerA, path: 'f1', recurse: true, owner: ownerB })).toEqual([]);

    const plan = (sql: string, params: Record<string, unknown>): string =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).join('\n');
    const prefix = plan(
      "SELECT i.* FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @o WHERE i.container_id = @c AND i.path >= @p || '|' AND i.path < @p || '}' AND i.depth = 2 ORDER BY i.path",
      { o: ownerA, c: containerId, p: 'f7' },
    );
    // a range search on path (through either path index), never a scan of the container
    expect(prefix).toMatch(/SEARCH i USING INDEX \S+ \(container_id=\? AND (depth=\? AND )?path>\? AND path<\?\)/);
    const root = plan('SELECT * FROM items WHERE container_id = @c AND depth = 1 ORDER BY path', { c: containerId });
    expect(root).toMatch(/USING INDEX items_depth_path \(container_id=\? AND depth=\?\)/);
    const byOwner = plan('SELECT * FROM items WHERE container_id = @c AND owner_id = @o ORDER BY path', { c: containerId, o: ownerA });
    expect(byOwner).toMatch(/USING INDEX items_owner_path/);
    const bySince = plan('SELECT * FROM items WHERE container_id = @c AND updated_at >= @s', { c: containerId, s: 5 });
    expect(bySince).toMatch(/USING INDEX items_updated/);
  });

  it('iterates the same rows as listVisibleItems, and a recursive listing needs no sort', () => {
    for (const q of [
      { containerId, orgId: ownerA, path: 'f7', recurse: false },
      { containerId, orgId: ownerA, path: 'f1', recurse: true },
      { containerId, orgId: ownerB, path: '', recurse: true, since: 99_990 },
      { containerId, orgId: ownerA, path: 'f1', recurse: true, owner: ownerA },
    ]) {
      const listed = [...iterateListedItems(db, q)];
      expect(listed.map((r) => r[0])).toEqual(listVisibleItems(db, q).map((r) => r.path));
    }
    const all = [...iterateListedItems(db, { containerId, orgId: ownerA, path: '', recurse: true })];
    expect(all).toHaveLength(50_000);
    expect(all.every((r, i) => i === 0 || all[i - 1]![0] < r[0])).toBe(true);
    const plan = (db.prepare(
      "EXPLAIN QUERY PLAN SELECT i.path FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @o WHERE i.container_id = @c ORDER BY i.path",
    ).all({ o: ownerA, c: containerId }) as { detail: string }[]).map((r) => r.detail).join('\n');
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('writes the wire JSON of an item exactly as JSON.stringify of the Item', () => {
    const listedText = (path: string): string => {
      const q = { containerId, orgId: ownerA, path: path.split('|')[0]!, recurse: true };
      const row = [...iterateListedItems(db, q)].find((r) => r[0] === path)!;
      return wireItemJson(containerId, row);
    };
    expect(listedText('f7|item7')).toBe(JSON.stringify(toItem(getVisibleItem(db, containerId, 'f7|item7', ownerA)!)));
    // values the routes never store (they are hex and Base-64) are still escaped by SQLite
    const fields = { header: 'a"b\n\u0001\\ü€', headerHash: 'a'.repeat(64), contentHash: 'b'.repeat(64), keyHash: 'c'.repeat(64), iv: 'd'.repeat(32), key: 'k"\t' };
    const odd = 'odd|a "quoted"|b\\slash|ü €|x%2Fy';
    insertItem(db, containerId, odd, ownerA, { ...fields, contentFile: 'odd.b64', contentLength: 4 }, 5);
    const text = listedText(odd);
    expect(JSON.parse(text)).toEqual(toItem(getVisibleItem(db, containerId, odd, ownerA)!));
    expect((JSON.parse(text) as { url: string }).url).toBe(`/containers/${containerId}/items/odd/a%20%22quoted%22/b%5Cslash/%C3%BC%20%E2%82%AC/x%252Fy`);
    // a path of URL-safe characters only takes the short way and gives the same URL
    insertItem(db, containerId, "odd|A-z_0.9~!*'()", ownerA, { ...fields, contentFile: 'odd2.b64', contentLength: 4 }, 5);
    expect((JSON.parse(listedText("odd|A-z_0.9~!*'()")) as { url: string }).url).toBe(`/containers/${containerId}/items/odd/${encodeURIComponent("A-z_0.9~!*'()")}`);
  });

  it('refuses a data folder from a newer server', () => {
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => openDatabase(dir)).toThrow(/newer server/);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  });
});
