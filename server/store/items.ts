// Items and their per-organization keys. An organization sees an item when it has a key
// row for it (the owner always has one), so visibility is one join.
import type { Item } from '../../shared/types.js';
import type { Db } from './database.js';
import type { OrganizationRow } from './organizations.js';
import { itemPathToUrl } from '../../shared/item-path.js';
import { containerUrl, isoTime, organizationUrl } from '../format.js';

interface ItemRow {
  readonly rowid: number;
  readonly container_id: string;
  readonly path: string;
  readonly depth: number;
  readonly owner_id: string;
  readonly header: string;
  readonly header_hash: string;
  readonly content_hash: string;
  readonly key_hash: string;
  readonly iv: string;
  readonly content_file: string;
  readonly content_length: number;
  readonly created_at: number;
  readonly updated_at: number;
}

/** An item row joined with the caller's wrapped key. */
export interface VisibleItemRow extends ItemRow {
  readonly key: string;
}

/** The columns a listing sends (the wire item), nothing more: fewer values to build per row. */
type ListedItemRow = Pick<VisibleItemRow, 'path' | 'owner_id' | 'header' | 'header_hash' | 'content_hash' | 'key_hash' | 'iv' | 'created_at' | 'updated_at' | 'key'>;

export function toItem(r: VisibleItemRow): Item {
  return wireItem(r.container_id, r);
}

function wireItem(containerId: string, r: ListedItemRow): Item {
  const base = containerUrl(containerId);
  // the path is URL-encoded once for its three URLs
  const url = itemPathToUrl(r.path);
  return {
    id: r.path,
    url: `${base}/items/${url}`,
    contentUrl: `${base}/content/${url}`,
    ownerUrl: organizationUrl(r.owner_id),
    containerUrl: base,
    permissionsUrl: `${base}/permissions/${url}`,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
    header: r.header,
    headerHash: r.header_hash,
    headerHashAlgorithm: 'SHA256',
    contentHash: r.content_hash,
    contentHashAlgorithm: 'SHA256',
    algorithm: 'AES',
    iv: r.iv,
    key: r.key,
    keyHash: r.key_hash,
    keyHashAlgorithm: 'SHA256',
  };
}

/** Paths whose URL is the path with '/' for '|': nothing in them that encodeURIComponent would change. */
const URL_SAFE_PATH = /^[\w.!~*'()|/-]*$/;

function pathUrl(path: string): string {
  return URL_SAFE_PATH.test(path) ? path.replaceAll('|', '/') : itemPathToUrl(path);
}

/**
 * A listed item: what the listing writes itself, and `tail`, the JSON text of the stored
 * fields from "header" to the closing brace, written by the database (SQLite escapes with
 * json_quote; PostgreSQL's schema admits only characters that need no escaping). PostgreSQL
 * hands the tail over as the UTF-8 bytes it sent, never decoded into a string.
 */
export type ListedWireRow = readonly [path: string, ownerId: string, createdAt: number, updatedAt: number, tail: string | Buffer];

// Field order as in wireItem, so the text equals JSON.stringify of the Item. concat() builds
// the text once where each || copied all of it again (0.07 s of a 100,000-item listing).
const LISTED_WIRE_COLUMNS = `i.path, i.owner_id, i.created_at, i.updated_at,
  concat('"header":', json_quote(i.header), ',"headerHash":', json_quote(i.header_hash),
  ',"headerHashAlgorithm":"SHA256","contentHash":', json_quote(i.content_hash),
  ',"contentHashAlgorithm":"SHA256","algorithm":"AES","iv":', json_quote(i.iv),
  ',"key":', json_quote(k.key), ',"keyHash":', json_quote(i.key_hash), ',"keyHashAlgorithm":"SHA256"}')`;

/**
 * JSON.stringify(wireItem(containerId, r)), the same text, written directly: a listing of
 * 100,000 items spent 0.6 s building Item objects and 0.4–0.8 s stringifying them. SQLite
 * writes the stored fields' JSON (one string per row instead of seven values); the ids
 * in the URLs are the server's own hex, and encodeURIComponent leaves nothing to escape.
 */
export function wireItemJson(containerId: string, r: ListedWireRow): string {
  return wireItemHead(containerId, r) + r[4].toString();
}

/** wireItemJson up to its tail: what the listing writes itself before the database's text. */
export function wireItemHead(containerId: string, r: ListedWireRow): string {
  const [path, ownerId, createdAt, updatedAt] = r;
  const base = containerUrl(containerId);
  const url = pathUrl(path);
  return (
    `{"id":${JSON.stringify(path)},"url":"${base}/items/${url}","contentUrl":"${base}/content/${url}",` +
    `"ownerUrl":"${organizationUrl(ownerId)}","containerUrl":"${base}","permissionsUrl":"${base}/permissions/${url}",` +
    `"createdAt":"${isoTime(createdAt)}","updatedAt":"${isoTime(updatedAt)}",`
  );
}

export function getItem(db: Db, containerId: string, path: string): ItemRow | undefined {
  return db.prepare('SELECT * FROM items WHERE container_id = ? AND path = ?').get(containerId, path) as ItemRow | undefined;
}

export function getVisibleItem(db: Db, containerId: string, path: string, orgId: string): VisibleItemRow | undefined {
  return db
    .prepare(
      `SELECT i.*, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = ?
       WHERE i.container_id = ? AND i.path = ?`,
    )
    .get(orgId, containerId, path) as VisibleItemRow | undefined;
}

export interface ListQuery {
  readonly containerId: string;
  readonly orgId: string;
  /** Pipe form; '' for the container's root. */
  readonly path: string;
  readonly recurse: boolean;
  readonly owner?: string;
  readonly since?: number;
}

export function listSql(columns: string, q: ListQuery): { sql: string; params: Record<string, unknown> } {
  const where = ['i.container_id = @containerId'];
  const depth = q.path === '' ? 0 : q.path.split('|').length;
  if (q.path !== '') {
    // a range on the path column: every id that starts with `path|`
    where.push("i.path >= @path || '|' AND i.path < @path || '}'");
  }
  // Recursive: the path range (or the whole container) already means depth > depth; saying it
  // again made SQLite read the depth index and sort 100,000 rows in a temporary B-tree.
  if (!q.recurse) where.push('i.depth = @depth + 1');
  if (q.owner !== undefined) where.push('i.owner_id = @owner');
  if (q.since !== undefined) where.push('i.updated_at >= @since');
  const sql = `SELECT ${columns} FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @orgId
    WHERE ${where.join(' AND ')} ORDER BY i.path`;
  const params: Record<string, unknown> = { containerId: q.containerId, orgId: q.orgId };
  if (q.path !== '') params['path'] = q.path;
  if (!q.recurse) params['depth'] = depth;
  if (q.owner !== undefined) params['owner'] = q.owner;
  if (q.since !== undefined) params['since'] = q.since;
  return { sql, params };
}

/** Items below a path visible to the organization, by id. */
export function listVisibleItems(db: Db, q: ListQuery): VisibleItemRow[] {
  const { sql, params } = listSql('i.*, k.key', q);
  return db.prepare(sql).all(params) as VisibleItemRow[];
}

/**
 * The same items as listVisibleItems, only the wire columns, one row at a time. The
 * connection is busy until the iteration ends (or return() is called): a listing that
 * waits between rows uses a connection of its own (ReadConnections).
 */
export function iterateListedItems(db: Db, q: ListQuery): IterableIterator<ListedWireRow> {
  const { sql, params } = listSql(LISTED_WIRE_COLUMNS, q);
  // raw rows (arrays): no object with named properties per row
  return db.prepare(sql).raw(true).iterate(params) as IterableIterator<ListedWireRow>;
}

export interface ItemFields {
  readonly header: string;
  readonly headerHash: string;
  readonly contentHash: string;
  readonly keyHash: string;
  readonly iv: string;
  readonly key: string;
  readonly contentFile: string;
  readonly contentLength: number;
}

/** Inserts a new item with the owner's key row; the item as the owner now sees it. */
export function insertItem(db: Db, containerId: string, path: string, ownerId: string, f: ItemFields, now: number): VisibleItemRow {
  const row = db
    .prepare(
      `INSERT INTO items (container_id, path, depth, owner_id, header, header_hash, content_hash, key_hash, iv, content_file, content_length, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(containerId, path, path.split('|').length, ownerId, f.header, f.headerHash, f.contentHash, f.keyHash, f.iv, f.contentFile, f.contentLength, now, now) as ItemRow;
  db.prepare('INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES (?, ?, ?, 0)').run(row.rowid, ownerId, f.key);
  return { ...row, key: f.key };
}

/** Replaces everything but the access list; the owner's key is the new one. The item as the owner now sees it. */
export function replaceItem(db: Db, row: ItemRow, f: ItemFields, now: number): VisibleItemRow {
  const saved = db
    .prepare(
      `UPDATE items SET header = ?, header_hash = ?, content_hash = ?, key_hash = ?, iv = ?, content_file = ?, content_length = ?, updated_at = ?
       WHERE rowid = ? RETURNING *`,
    )
    .get(f.header, f.headerHash, f.contentHash, f.keyHash, f.iv, f.contentFile, f.contentLength, Math.max(now, row.updated_at), row.rowid) as ItemRow;
  db.prepare('UPDATE item_keys SET key = ? WHERE item_rowid = ? AND organization_id = ?').run(f.key, row.rowid, row.owner_id);
  return { ...saved, key: f.key };
}

/** The content file the row named when it went (not the caller's copy's: a replace may have come between); undefined when already gone. */
export function deleteItem(db: Db, row: ItemRow): string | undefined {
  return (db.prepare('DELETE FROM items WHERE rowid = ? RETURNING content_file').get(row.rowid) as { content_file: string } | undefined)?.content_file;
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
  return db.prepare('SELECT 1 FROM item_keys WHERE item_rowid = ? AND organization_id = ?').get(row.rowid, orgId) !== undefined;
}

export function grantItemKey(db: Db, row: ItemRow, orgId: string, key: string): void {
  const seq = (db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS s FROM item_keys WHERE item_rowid = ?').get(row.rowid) as { s: number }).s;
  db.prepare('INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES (?, ?, ?, ?)').run(row.rowid, orgId, key, seq);
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
