// The store itself, on SQLite and on PostgreSQL: a 100,000-item container listed by prefix,
// owner and since through indexes (each database's own plan).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshStore, probeStore, STORES, type StoreProbe } from '../test-support/stores.js';
import { listSql, type ListQuery } from './listing-sql.js';
import { openStore, type StoreOptions } from '../open-store.js';
import { listingStatement } from './postgres/pg-streaming-reads.js';
import type { ListedWireRow } from './rows.js';
import { openDatabase } from './sqlite/database.js';
import type { Store, StoreKind } from './store.js';

const FIELDS = {
  header: 'AA==',
  headerHash: 'a'.repeat(64),
  contentHash: 'b'.repeat(64),
  keyHash: 'c'.repeat(64),
  iv: 'd'.repeat(32),
  key: 'AA==',
  contentLength: 4,
};
const COUNT = 100_000;

/** Item i: in folder f(i mod 100); B owns the even ones, A the odd ones; each owner's j-th is dated j. */
const pathOf = (i: number): string => `f${i % 100}|item${i}`;

/** The plan of a listing as its database runs it, one line per step. */
type PlanOf = (q: ListQuery) => Promise<string>;

/**
 * SQLite: a range search on path (through either path index), never a scan of the container;
 * the owner and since filters through their indexes; a recursive listing without a sort.
 */
async function expectSqlitePlans({ plan }: PlanReader, q: (more: Partial<ListQuery>) => ListQuery): Promise<void> {
  expect(await plan(q({ path: 'f7', recurse: false }))).toMatch(
    /SEARCH i USING (COVERING )?INDEX \S+ \(container_id=\? AND (depth=\? AND )?path>\? AND path<\?\)/,
  );
  expect(await plan(q({ path: '', recurse: false }))).toMatch(
    /USING (COVERING )?INDEX items_depth_path \(container_id=\? AND depth=\?\)/,
  );
  expect(await plan(q({ path: '', recurse: true, owner: 'x' }))).toMatch(/USING (COVERING )?INDEX items_owner_path/);
  expect(await plan(q({ path: '', recurse: true, since: 49_995 }))).toMatch(/USING (COVERING )?INDEX items_updated/);
  expect(await plan(q({ path: '', recurse: true }))).not.toMatch(/TEMP B-TREE/);
}

/**
 * PostgreSQL (statistics gathered, as autovacuum keeps them): the same, read off EXPLAIN of
 * the listing's COPY: index conditions on the path range, owner and since, no sequential
 * scan of items, and a recursive listing in the path index's order without a Sort.
 */
async function expectPostgresPlans(reader: PlanReader, q: (more: Partial<ListQuery>) => ListQuery): Promise<void> {
  // right after the bulk insert, before any statistics: a since refresh still reads items_updated
  expect(await reader.plan(q({ path: '', recurse: true, since: 49_995 }))).toMatch(/Index Cond: .*updated_at >= /);
  await reader.analyze();
  const plan = reader.plan;
  const plans = {
    folder: await plan(q({ path: 'f7', recurse: false })),
    root: await plan(q({ path: '', recurse: false })),
    owner: await plan(q({ path: '', recurse: true, owner: 'x' })),
    since: await plan(q({ path: '', recurse: true, since: 49_995 })),
    all: await plan(q({ path: '', recurse: true })),
  };
  for (const text of Object.values(plans)) expect(text).not.toMatch(/Seq Scan on items/);
  expect(plans.folder).toMatch(/Index Cond: .*path >= /);
  expect(plans.root).toMatch(/Index Cond: .*depth = /);
  expect(plans.owner).toMatch(/Index Cond: .*owner_id = /);
  expect(plans.since).toMatch(/Index Cond: .*updated_at >= /);
  expect(plans.all).toMatch(/Index Scan using items_container_id_path_key on items/);
  expect(plans.all).not.toMatch(/Sort/);
}

interface PlanReader {
  plan: PlanOf;
  /** Gathers the statistics autovacuum gathers soon after a bulk insert (PostgreSQL). */
  analyze(): Promise<void>;
  close(): Promise<void>;
}

async function planReader(kind: StoreKind, o: StoreOptions): Promise<PlanReader> {
  if (kind === 'sqlite') {
    const db = openDatabase(o.dataDir!);
    return {
      plan: async (q) => {
        const { sql, params } = listSql('i.*, k.key', q);
        return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
          .map((r) => r.detail)
          .join('\n');
      },
      analyze: async () => undefined,
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: o.databaseUrl });
  await client.connect();
  return {
    plan: async (q) => {
      const { settings, select } = listingStatement(q);
      await client.query('BEGIN');
      try {
        for (const setting of settings) await client.query(setting);
        const r = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${select}`);
        return r.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.query('ROLLBACK');
      }
    },
    analyze: async () => {
      await client.query('ANALYZE');
    },
    close: () => client.end(),
  };
}

describe.each(STORES)('store on %s', (kind) => {
  let dir: string;
  let options: StoreOptions;
  let store: Store;
  let release: () => void;
  let probe: StoreProbe;
  let containerId: string;
  let ownerA: string;
  let ownerB: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'exchange-store-'));
    options = await freshStore(kind, dir);
    ({ store, release } = await openStore(options, () => undefined));
    ownerA = (await store.insertOrganization({ name: 'A', isSirb: true }, 1)).id;
    ownerB = (await store.insertOrganization({ name: 'B' }, 1)).id;
    containerId = (await store.insertContainer(ownerA, 1)).id;
    probe = probeStore(options);
    const half = (first: number) =>
      Array.from({ length: COUNT / 2 }, (_, j) => ({ path: pathOf(2 * j + first), ...FIELDS }));
    await probe.insertItems(containerId, ownerB, half(0), 0);
    await probe.insertItems(containerId, ownerA, half(1), 0);
  }, 120_000);
  afterAll(async () => {
    await probe.close();
    await store.close();
    release();
    rmSync(dir, { recursive: true, force: true });
  });

  const query = (orgId: string, more: Partial<ListQuery>): ListQuery => ({
    containerId,
    orgId,
    path: '',
    recurse: true,
    ...more,
  });

  async function listed(q: ListQuery): Promise<ListedWireRow[]> {
    const rows: ListedWireRow[] = [];
    await store.listItems(q, async (batches) => {
      for await (const batch of batches) rows.push(...batch);
    });
    return rows;
  }

  /** What a listing must hold, worked out from the items as they were inserted. */
  function expected(q: ListQuery): string[] {
    const paths: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const owner = i % 2 ? ownerA : ownerB;
      const path = pathOf(i);
      if (owner !== q.orgId || (q.owner !== undefined && owner !== q.owner)) continue;
      if (q.path !== '' && !path.startsWith(`${q.path}|`)) continue;
      if (!q.recurse && path.split('|').length !== (q.path === '' ? 1 : q.path.split('|').length + 1)) continue;
      if (q.since !== undefined && Math.floor(i / 2) < q.since) continue;
      paths.push(path);
    }
    // byte order, as both databases sort the path column
    return paths.sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
  }

  it('lists a 100,000-item container by prefix, owner and since: the visible items, in path order', async () => {
    const folder = await listed(query(ownerA, { path: 'f7', recurse: false }));
    expect(folder).toHaveLength(1000); // f7 holds items 7, 107, ...: all odd, all A's
    expect(await listed(query(ownerB, { path: 'f7', recurse: false }))).toEqual([]); // B sees none of them
    expect((await listed(query(ownerB, { since: 49_995 }))).map((r) => r[0])).toEqual([
      'f90|item99990',
      'f92|item99992',
      'f94|item99994',
      'f96|item99996',
      'f98|item99998',
    ]);
    expect(await listed(query(ownerA, { path: 'f1', owner: ownerB }))).toEqual([]);
    for (const q of [
      query(ownerA, { path: 'f7', recurse: false }),
      query(ownerA, { path: 'f1' }),
      query(ownerA, { path: 'f1', owner: ownerA }),
      query(ownerB, { since: 49_000 }),
      query(ownerA, {}),
    ]) {
      expect((await listed(q)).map((r) => r[0])).toEqual(expected(q));
    }
    // six listings of up to 100,000 rows: a loaded 2-core machine took over a minute on PostgreSQL
  }, 240_000);

  it('reads a listing through indexes, never a scan of the container; a recursive one needs no sort', async () => {
    const reader = await planReader(kind, options);
    try {
      const q = (more: Partial<ListQuery>) => query(ownerA, more);
      await (kind === 'sqlite' ? expectSqlitePlans : expectPostgresPlans)(reader, q);
    } finally {
      await reader.close();
    }
  });
});
