import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/store/database.js';
import { insertOrganization } from '../server/store/organizations.js';
import { insertContainer } from '../server/store/containers.js';
import { listVisibleItems, toItem } from '../server/store/items.js';
import { seedItems } from './listing.js';
const dir = mkdtempSync(path.join(os.tmpdir(), 'sx-prof-'));
const db = openDatabase(dir);
const org = insertOrganization(db, { name: 'A', isSirb: true }, 1);
const c = insertContainer(db, org.id, 1);
seedItems({ dataDir: dir, org: { containerId: c.id, orgId: org.id } } as any, 100_000);
for (let round = 0; round < 1; round++) {
  let t = performance.now();
  const rows = listVisibleItems(db, { containerId: c.id, orgId: org.id, path: '', recurse: true });
  const tq = performance.now() - t; t = performance.now();
  const items = rows.map(toItem);
  const tm = performance.now() - t; t = performance.now();
  const s = JSON.stringify(items);
  const ts = performance.now() - t; t = performance.now();
  const b = Buffer.from(s, 'utf8');
  const tb = performance.now() - t;
  console.log({ rows: rows.length, query: tq.toFixed(0), toItem: tm.toFixed(0), stringify: ts.toFixed(0), buffer: tb.toFixed(0), mib: (b.length / 1048576).toFixed(1) });
}
console.log(db.prepare(`EXPLAIN QUERY PLAN SELECT i.*, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = ? WHERE i.container_id = ? AND i.depth > 0 ORDER BY i.path`).all(org.id, c.id));
const variants: Record<string, string> = {
  noDepth: `SELECT i.*, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @org WHERE i.container_id = @c ORDER BY i.path`,
  noDepthCols: `SELECT i.rowid, i.container_id, i.path, i.owner_id, i.header, i.header_hash, i.content_hash, i.key_hash, i.iv, i.created_at, i.updated_at, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @org WHERE i.container_id = @c ORDER BY i.path`,
  original: `SELECT i.*, k.key FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @org WHERE i.container_id = @c AND i.depth > 0 ORDER BY i.path`,
};
for (const [name, sql] of Object.entries(variants)) {
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ org: org.id, c: c.id }) as any[]).map((r) => r.detail).join('; ');
  const t = performance.now();
  const n = db.prepare(sql).all({ org: org.id, c: c.id }).length;
  console.log(name, n, (performance.now() - t).toFixed(0), 'ms', plan);
}
db.pragma('cache_size = -65536');
for (const [name, sql] of Object.entries(variants)) {
  for (let r = 0; r < 2; r++) { const t = performance.now();
  const n = db.prepare(sql).all({ org: org.id, c: c.id }).length;
  console.log('cache64M', name, n, (performance.now() - t).toFixed(0), 'ms'); }
}
for (const [name, sql] of Object.entries({
  rowidOnly: `SELECT i.rowid FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @org WHERE i.container_id = @c ORDER BY i.path`,
  countAll: `SELECT count(*), sum(length(i.header)+length(k.key)) FROM items i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @org WHERE i.container_id = @c`,
})) { const t = performance.now(); db.prepare(sql).all({ org: org.id, c: c.id }); console.log(name, (performance.now() - t).toFixed(0), 'ms'); }
{ const t = performance.now(); const n = db.prepare(variants.noDepthCols!).raw().all({ org: org.id, c: c.id }).length; console.log('raw arrays', n, (performance.now() - t).toFixed(0), 'ms'); }
{
  const sql = `SELECT json_group_array(json_object(
    'id', i.path,
    'url', '/containers/' || i.container_id || '/items/' || replace(i.path, '|', '/'),
    'contentUrl', '/containers/' || i.container_id || '/content/' || replace(i.path, '|', '/'),
    'ownerUrl', '/organizations/' || i.owner_id,
    'containerUrl', '/containers/' || i.container_id,
    'permissionsUrl', '/containers/' || i.container_id || '/permissions/' || replace(i.path, '|', '/'),
    'createdAt', strftime('%Y-%m-%dT%H:%M:%f+00:00', i.created_at / 1000.0, 'unixepoch'),
    'updatedAt', strftime('%Y-%m-%dT%H:%M:%f+00:00', i.updated_at / 1000.0, 'unixepoch'),
    'header', i.header, 'headerHash', i.header_hash, 'headerHashAlgorithm', 'SHA256',
    'contentHash', i.content_hash, 'contentHashAlgorithm', 'SHA256', 'algorithm', 'AES',
    'iv', i.iv, 'key', k.key, 'keyHash', i.key_hash, 'keyHashAlgorithm', 'SHA256')) AS body
    FROM (SELECT * FROM items WHERE container_id = @c ORDER BY path) i JOIN item_keys k ON k.item_rowid = i.rowid AND k.organization_id = @org`;
  for (let r = 0; r < 2; r++) {
    let t = performance.now();
    const body = (db.prepare(sql).get({ org: org.id, c: c.id }) as { body: string }).body;
    const tq = performance.now() - t; t = performance.now();
    const b = Buffer.from(body, 'utf8');
    console.log('sqlJson', (tq).toFixed(0), 'ms; buffer', (performance.now() - t).toFixed(0), 'ms', (b.length / 1048576).toFixed(1), 'MiB', JSON.parse(body)[0].createdAt);
  }
  let t = performance.now();
  const rows = db.prepare(variants.noDepthCols!.replace('i.created_at', 'i.content_file, i.content_length, i.depth, i.created_at')).all({ org: org.id, c: c.id }) as any[];
  const tq = performance.now() - t; t = performance.now();
  const j = JSON.stringify(rows.map(toItem)); console.log('js path', tq.toFixed(0), (performance.now() - t).toFixed(0), j.length);
}
