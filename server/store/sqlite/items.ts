// Items and their per-organization keys. An organization sees an item when it has a key
// row for it (the owner always has one), so visibility is one join.
import type { Db } from './database.js';
import { listSql, type ListQuery } from '../listing-sql.js';
import type { ItemFields, ItemRow, ListedWireRow, OrganizationRow, VisibleItemRow } from '../rows.js';

/** An item row as SQLite keeps it: its content is a file in DATA/content (content-files.ts). */
export interface StoredItemRow extends ItemRow {
  readonly content_file: string;
}

/** The caller's view of an item, with the file its content is in. */
export type StoredVisibleItemRow = StoredItemRow & VisibleItemRow;

/** The fields of an item write once its content is in DATA/content. */
export type StoredItemFields = ItemFields & { readonly contentFile: string };

// Field order as in the wire Item (routes/wire.ts), so the text equals JSON.stringify of it.
// concat() builds the text once where each || copied all of it again (0.07 s of a
// 100,000-item listing).
const LISTED_WIRE_COLUMNS = `i.path, i.owner_id, i.created_at, i.updated_at,
  concat('"header":', json_quote(i.header), ',"headerHash":', json_quote(i.header_hash),
  ',"headerHashAlgorithm":"SHA256","contentHash":', json_quote(i.content_hash),
  ',"contentHashAlgorithm":"SHA256","algorithm":"AES","iv":', json_quote(i.iv),
  ',"key":', json_quote(k.key), ',"keyHash":', json_quote(i.key_hash), ',"keyHashAlgorithm":"SHA256"}')`;

export function getItem(db: Db, containerId: string, path: string): StoredItemRow | undefined {
  return db.prepare('SELECT * FROM items WHERE container_id = ? AND path = ?').get(containerId, path) as
    StoredItemRow | undefined;
}

export function getVisibleItem(
  db: Db,
  containerId: string,
  path: string,
  orgId: string,
): StoredVisibleItemRow | undefined {
  return db
    .prepare(
      `SELECT i.*, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = ?
       WHERE i.container_id = ? AND i.path = ?`,
    )
    .get(orgId, containerId, path) as StoredVisibleItemRow | undefined;
}

/**
 * The items of a listing visible to the organization, the wire columns, one row at a time. The
 * connection is busy until the iteration ends (or return() is called): a listing that
 * waits between rows uses a connection of its own (ReadConnections).
 */
export function iterateListedItems(db: Db, q: ListQuery): IterableIterator<ListedWireRow> {
  const { sql, params } = listSql(LISTED_WIRE_COLUMNS, q);
  // raw rows (arrays): no object with named properties per row
  return db.prepare(sql).raw(true).iterate(params) as IterableIterator<ListedWireRow>;
}

/** Inserts a new item with the owner's key row; the item as the owner now sees it. */
export function insertItem(
  db: Db,
  containerId: string,
  path: string,
  ownerId: string,
  f: StoredItemFields,
  now: number,
): StoredVisibleItemRow {
  const row = db
    .prepare(
      `INSERT INTO items (container_id, path, depth, owner_id, header, header_hash, content_hash, key_hash, iv, content_file, content_length, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      containerId,
      path,
      path.split('|').length,
      ownerId,
      f.header,
      f.headerHash,
      f.contentHash,
      f.keyHash,
      f.iv,
      f.contentFile,
      f.contentLength,
      now,
      now,
    ) as StoredItemRow;
  db.prepare('INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES (?, ?, ?, 0)').run(
    row.rowid,
    ownerId,
    f.key,
  );
  return { ...row, key: f.key };
}

/** Replaces everything but the access list; the owner's key is the new one. The item as the owner now sees it. */
export function replaceItem(db: Db, row: ItemRow, f: StoredItemFields, now: number): StoredVisibleItemRow {
  const saved = db
    .prepare(
      `UPDATE items SET header = ?, header_hash = ?, content_hash = ?, key_hash = ?, iv = ?, content_file = ?, content_length = ?, updated_at = ?
       WHERE rowid = ? RETURNING *`,
    )
    .get(
      f.header,
      f.headerHash,
      f.contentHash,
      f.keyHash,
      f.iv,
      f.contentFile,
      f.contentLength,
      Math.max(now, row.updated_at),
      row.rowid,
    ) as StoredItemRow;
  db.prepare('UPDATE item_keys SET key = ? WHERE item_rowid = ? AND organization_id = ?').run(
    f.key,
    row.rowid,
    row.owner_id,
  );
  return { ...saved, key: f.key };
}

/** The content file the row named when it went (not the caller's copy's: a replace may have come between); undefined when already gone. */
export function deleteItem(db: Db, row: ItemRow): string | undefined {
  return (
    db.prepare('DELETE FROM items WHERE rowid = ? RETURNING content_file').get(row.rowid) as
      { content_file: string } | undefined
  )?.content_file;
}

/** Owner first, then every organization granted, in grant order. */
export function itemReaders(db: Db, row: ItemRow): OrganizationRow[] {
  return db
    .prepare(
      `SELECT o.* FROM item_keys k JOIN organizations o ON o.id = k.organization_id
       WHERE k.item_rowid = ? ORDER BY (k.organization_id = ?) DESC, k.seq`,
    )
    .all(row.rowid, row.owner_id) as OrganizationRow[];
}

export function hasItemKey(db: Db, row: ItemRow, orgId: string): boolean {
  return (
    db.prepare('SELECT 1 FROM item_keys WHERE item_rowid = ? AND organization_id = ?').get(row.rowid, orgId) !==
    undefined
  );
}

export function grantItemKey(db: Db, row: ItemRow, orgId: string, key: string): void {
  const seq = (
    db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS s FROM item_keys WHERE item_rowid = ?').get(row.rowid) as {
      s: number;
    }
  ).s;
  db.prepare('INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES (?, ?, ?, ?)').run(
    row.rowid,
    orgId,
    key,
    seq,
  );
}

export function updateItemKey(db: Db, row: ItemRow, orgId: string, key: string): void {
  db.prepare('UPDATE item_keys SET key = ? WHERE item_rowid = ? AND organization_id = ?').run(key, row.rowid, orgId);
}

export function revokeItemKey(db: Db, row: ItemRow, orgId: string): void {
  db.prepare('DELETE FROM item_keys WHERE item_rowid = ? AND organization_id = ?').run(row.rowid, orgId);
}

export function referencedContentFiles(db: Db): Set<string> {
  const rows = db.prepare('SELECT content_file FROM items').all() as { content_file: string }[];
  return new Set(rows.map((r) => r.content_file));
}
