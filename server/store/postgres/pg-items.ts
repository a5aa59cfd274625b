// Items on PostgreSQL: the caller's view of one, and a save (content and row in one
// transaction). Their content is a row of `contents` and its chunks (pg-content.ts).
import type pg from 'pg';
import { newId } from '../ids.js';
import type { VisibleItemRow } from '../rows.js';
import type { ItemWrite, SaveOutcome } from '../store.js';
import { writeChunks } from './pg-content.js';
import type { PgTimeouts } from './pg-timeouts.js';

/** The columns of the shared item row; its content is named apart (content_id). */
const ITEM_COLUMNS = `i.rowid, i.container_id, i.path, i.depth, i.owner_id, i.header, i.header_hash, i.content_hash, i.key_hash, i.iv,
  i.content_length, i.created_at, i.updated_at`;

/** The caller's view of an item, with the content it has. */
export type StoredVisibleItem = VisibleItemRow & { readonly content_id: string };

export async function visibleItemOn(
  db: pg.Pool | pg.PoolClient,
  containerId: string,
  path: string,
  orgId: string,
): Promise<StoredVisibleItem | undefined> {
  const r = await db.query<StoredVisibleItem>(
    `SELECT ${ITEM_COLUMNS}, i.content_id, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = $1
     WHERE i.container_id = $2 AND i.path = $3`,
    [orgId, containerId, path],
  );
  return r.rows[0];
}

/** Rolls an item write back when another organization owns the path after all. */
export class NotOwnerSignal extends Error {}

/**
 * Writes the content and creates or replaces the item, in the caller's transaction; throws
 * NotOwnerSignal (the caller rolls back, the chunks written go with it) when another
 * organization owns the path.
 */
export async function saveItemIn(
  db: pg.PoolClient,
  containerId: string,
  path: string,
  ownerId: string,
  w: ItemWrite,
  now: number,
  timeouts: PgTimeouts,
): Promise<Exclude<SaveOutcome, 'notOwner'>> {
  const contentId = newId();
  // the COPY of a large upload takes longer than any other statement may
  await db.query(`SET LOCAL statement_timeout = ${timeouts.uploadMs}`);
  await writeChunks(db, contentId, w.tempFile, timeouts.uploadQueryMs);
  await db.query('SET LOCAL statement_timeout TO DEFAULT');
  // one writer per path at a time: concurrent first saves of a path would both insert
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${containerId}|${path}`]);
  const current = (
    await db.query<{ rowid: number; owner_id: string; updated_at: number; content_id: string }>(
      'SELECT rowid, owner_id, updated_at, content_id FROM items WHERE container_id = $1 AND path = $2 FOR UPDATE',
      [containerId, path],
    )
  ).rows[0];
  if (current && current.owner_id !== ownerId) throw new NotOwnerSignal();
  if (current) {
    const saved = await db.query<Omit<VisibleItemRow, 'key'>>(
      `UPDATE items AS i SET header = $1, header_hash = $2, content_hash = $3, key_hash = $4, iv = $5, content_id = $6, content_length = $7, updated_at = $8
       WHERE rowid = $9 RETURNING ${ITEM_COLUMNS}`,
      [
        w.header,
        w.headerHash,
        w.contentHash,
        w.keyHash,
        w.iv,
        contentId,
        w.contentLength,
        Math.max(now, current.updated_at),
        current.rowid,
      ],
    );
    await db.query('UPDATE item_keys SET key = $1 WHERE item_rowid = $2 AND organization_id = $3', [
      w.key,
      current.rowid,
      ownerId,
    ]);
    await db.query('DELETE FROM contents WHERE id = $1', [current.content_id]);
    return { created: false, row: { ...saved.rows[0]!, key: w.key } };
  }
  const inserted = await db.query<Omit<VisibleItemRow, 'key'>>(
    `INSERT INTO items AS i (container_id, path, depth, owner_id, header, header_hash, content_hash, key_hash, iv, content_id, content_length, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING ${ITEM_COLUMNS}`,
    [
      containerId,
      path,
      path.split('|').length,
      ownerId,
      w.header,
      w.headerHash,
      w.contentHash,
      w.keyHash,
      w.iv,
      contentId,
      w.contentLength,
      now,
    ],
  );
  const row = inserted.rows[0]!;
  await db.query('INSERT INTO item_keys (item_rowid, organization_id, key, seq) VALUES ($1, $2, $3, 0)', [
    row.rowid,
    ownerId,
    w.key,
  ]);
  return { created: true, row: { ...row, key: w.key } };
}
