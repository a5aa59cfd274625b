// Organizations are listed in the same order whatever the database's collation: bytewise on
// the lower-cased name, as SQLite sorts. A database made with a linguistic collation (ICU's
// root locale, which needs no operating-system locale) sorted 'a b', 'a-b', 'ab' and 'éclair'
// its own way before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';
import { openPostgresStore } from './postgres/pg-store.js';

const NAMES = ['ab', 'a b', 'a-b', 'B', 'éclair', 'Eclair', '_x', 'zeta', 'Z2', 'a.b'];
/** Lower-cased names in code point order, which for these is UTF-8 byte order. */
const BYTEWISE = NAMES.map((n) => n.toLowerCase()).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));

let dir: string;
let icuUrl: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'exchange-collation-'));
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    const name = `collation_${Date.now()}`;
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C' LOCALE_PROVIDER icu ICU_LOCALE 'und'`,
    );
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${name}`;
    icuUrl = url.toString();
  } finally {
    await admin.end();
  }
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function listed(store: Store): Promise<{ all: string[]; prefixed: string[] }> {
  try {
    for (const name of NAMES) await store.insertOrganization({ name }, 1);
    const keys = (rows: { name: string }[]): string[] => rows.map((r) => r.name.toLowerCase());
    return { all: keys(await store.listOrganizations()), prefixed: keys(await store.listOrganizations('A')) };
  } finally {
    await store.close();
  }
}

describe('organizations listed by name', () => {
  it('on a PostgreSQL database with an ICU collation: bytewise, as on SQLite', async () => {
    // the collation is real: the database itself sorts these names otherwise
    const db = new pg.Client({ connectionString: icuUrl });
    await db.connect();
    const linguistic = (
      await db.query<{ n: string }>('SELECT unnest($1::text[]) AS n ORDER BY 1', [BYTEWISE])
    ).rows.map((r) => r.n);
    await db.end();
    expect(linguistic).not.toEqual(BYTEWISE);

    const sqlite = await listed(new SqliteStore(join(dir, 'data')));
    const postgres = await listed(await openPostgresStore(icuUrl, { log: () => undefined, migrate: true }));
    expect(sqlite.all).toEqual(BYTEWISE);
    expect(postgres).toEqual(sqlite);
    expect(postgres.prefixed).toEqual(BYTEWISE.filter((n) => n.startsWith('a')));
  });
});
