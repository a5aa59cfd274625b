// The SQL shape of a listing, the same on both stores: which items of a container an
// organization sees below a path, in path order. Each store puts in the columns it writes
// (its own way of building the wire JSON's tail) and runs it its own way.

export interface ListQuery {
  readonly containerId: string;
  readonly orgId: string;
  /** Pipe form; '' for the container's root. */
  readonly path: string;
  readonly recurse: boolean;
  readonly owner?: string;
  readonly since?: number;
}

/** The SELECT of `columns` for the query, with named parameters (@name) and their values. */
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
