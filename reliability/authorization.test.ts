// Authorization, table-driven: every caller (anonymous, collaborating pSite, outside pSite,
// owning sIRB, other sIRB, disabled organization, admin) × every endpoint × item owner /
// non-owner / non-collaborator gets the decided status and code, and no response ever holds
// a wrapped key of another organization or the id of an item the caller cannot see.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeEntry } from '../shared/error-codes.js';
import type { TestResponse } from '../server/test-support/signed-client.js';
import { createWorld, payloadFor, type World, type WorldOrg } from '../server/test-support/world.js';
import {
  callRow,
  CALLERS,
  deleteRow,
  endpointRows,
  expectedCode,
  expectedStatus,
  MEMBERS,
  org as orgOf,
  type Caller,
  type Row,
} from '../server/test-support/role-table.js';

let w: World;
let db: Database.Database;
let c = '';
let c2 = '';
/** Items nobody but their owner can see, with unguessable ids never used in a request. */
const secret = { sirb: `vault/${hex()}`, site: `mine/${hex()}`, sirb2: `other/${hex()}` };
let siteOwn = '';
let responses = 0;

function hex(): string {
  return randomBytes(16).toString('hex');
}

beforeAll(async () => {
  w = await createWorld();
  db = new Database(join(w.store.dataDir!, 'exchange.sqlite'), { readonly: true });
  c = (await w.client.post(w.sirb, '/containers', {})).json().url;
  await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.site.id });
  const p = payloadFor(w.sirb);
  expect((await w.client.put(w.sirb, `${c}/items/m/x`, p)).status).toBe(201);
  expect(
    (await w.client.post(w.sirb, `${c}/permissions/m/x`, { organizationId: w.site.id, key: payloadFor(w.site).key }))
      .status,
  ).toBe(200);
  expect((await w.client.put(w.sirb, `${c}/items/${secret.sirb}`, payloadFor(w.sirb))).status).toBe(201);
  expect((await w.client.put(w.site, `${c}/items/${secret.site}`, payloadFor(w.site))).status).toBe(201);
  siteOwn = `site-notes/${hex()}`;
  expect((await w.client.put(w.site, `${c}/items/${siteOwn}`, payloadFor(w.site))).status).toBe(201);
  c2 = (await w.client.post(w.sirb2, '/containers', {})).json().url;
  await w.client.post(w.sirb2, `${c2}/organizations`, { organizationId: w.site2.id });
  expect((await w.client.put(w.sirb2, `${c2}/items/${secret.sirb2}`, payloadFor(w.sirb2))).status).toBe(201);
});

afterAll(async () => {
  db?.close();
  await w?.close();
});

const table = (): { w: World; c: string } => ({ w, c });
// the shared table, and what only this suite adds: a second study, the pSite's own item, filters
const rows: Row[] = [
  ...endpointRows(table),
  {
    name: 'get the other container',
    method: 'GET',
    path: () => c2,
    expect: { site: 404, site2: 200, sirb: 404, sirb2: 200, admin: 404 },
  },
  { name: 'list items (root, recursive)', method: 'GET', path: () => `${c}/items?recurse=true`, expect: MEMBERS(200) },
  {
    name: 'list items by owner',
    method: 'GET',
    path: () => `${c}/items?recurse=true&owner=${w.sirb.id}`,
    expect: MEMBERS(200),
  },
  {
    name: 'list items since',
    method: 'GET',
    path: () => `${c}/items?recurse=true&since=2000-01-01`,
    expect: MEMBERS(200),
  },
  {
    name: 'list the other container',
    method: 'GET',
    path: () => `${c2}/items?recurse=true`,
    expect: { site: 404, site2: 200, sirb: 404, sirb2: 200, admin: 404 },
  },
  {
    name: "content, the pSite's own item (not granted)",
    method: 'GET',
    path: () => `${c}/content/${siteOwn}`,
    expect: { site: 200, sirb: 404, site2: 404, sirb2: 404, admin: 404 },
  },
  {
    name: "save the pSite's item (owner pSite)",
    method: 'PUT',
    path: () => `${c}/items/${siteOwn}`,
    body: (k) => payloadFor(org(k)),
    expect: { site: 200, site2: 404, sirb: 403, sirb2: 404, admin: 404 },
  },
  {
    name: "the pSite's item access list",
    method: 'GET',
    path: () => `${c}/permissions/${siteOwn}`,
    expect: { site: 200, sirb: 404, site2: 404, sirb2: 404, admin: 404 },
  },
  // destructive last: non-owners first, then the owner
  {
    name: "delete the pSite's item",
    method: 'DELETE',
    path: () => `${c}/items/${siteOwn}`,
    expect: { sirb: 404, site2: 404, sirb2: 404, admin: 404, site: 204 },
  },
  deleteRow(table),
];

function org(k: Caller): WorldOrg {
  return orgOf(w, k);
}

function orgId(k: Caller): string | undefined {
  return k === 'anonymous' ? undefined : org(k).id;
}

/** What the caller must never receive: others' wrapped keys and ids of items it has no key for. */
function forbiddenFor(k: Caller): { keys: Map<string, string>; ids: Map<string, string> } {
  const me = orgId(k) ?? '';
  const keys = new Map<string, string>();
  for (const r of db.prepare('SELECT organization_id, key FROM item_keys WHERE organization_id != ?').all(me) as {
    organization_id: string;
    key: string;
  }[]) {
    // real wrapped keys (RSA-2048, Base-64) are long; short test values like AAAA would match anything
    if (r.key.length >= 64) keys.set(r.key, `wrapped key of ${r.organization_id}`);
  }
  const ids = new Map<string, string>();
  const visible = new Set(
    (db.prepare('SELECT item_rowid FROM item_keys WHERE organization_id = ?').all(me) as { item_rowid: number }[]).map(
      (r) => r.item_rowid,
    ),
  );
  for (const r of db.prepare('SELECT rowid, path FROM items').all() as { rowid: number; path: string }[]) {
    // the pSite's own item is named in requests, so refusals may echo it back: not a leak
    if (visible.has(r.rowid) || r.path === siteOwn.replace('/', '|')) continue;
    // the random last segment: unique, and never part of any request this test makes
    const last = r.path.split('|').at(-1)!;
    if (/^[0-9a-f]{32}$/.test(last)) ids.set(last, `invisible item ${r.path}`);
  }
  return { keys, ids };
}

function leaks(k: Caller, r: TestResponse): string[] {
  const { keys, ids } = forbiddenFor(k);
  const text = r.text;
  const found: string[] = [];
  for (const [key, what] of keys) if (text.includes(key)) found.push(what);
  for (const [id, what] of ids) if (text.includes(id)) found.push(what);
  return found;
}

describe('authorization table', () => {
  it.each(rows)('$method $name', async (row) => {
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    const leaked: string[] = [];
    for (const k of CALLERS) {
      const r = await callRow(w, row, k);
      responses++;
      const status = expectedStatus(row, k);
      // the decided code for each refusal
      const code = r.status < 400 ? 0 : expectedCode(k, r);
      want[k] = `${status}${status >= 400 ? `/${code}` : ''}`;
      got[k] = `${r.status}${r.status >= 400 ? `/${r.json().code}` : ''}`;
      if (r.status >= 400) {
        const entry = errorCodeEntry(r.json().code);
        expect(entry?.status, r.text).toBe(r.status);
        expect(r.json().message).toBe(entry?.message);
      }
      leaked.push(...leaks(k, r).map((l) => `${k}: ${l}`));
    }
    expect(got).toEqual(want);
    expect(leaked).toEqual([]);
  });

  it('the secret items exist, and every listing of every caller is scanned for them', async () => {
    for (const k of CALLERS) {
      if (k === 'anonymous') continue;
      for (const path of [
        '/containers',
        `${c}/items?recurse=true`,
        `${c2}/items?recurse=true`,
        `${c}/items/vault`,
        `${c}/items/mine`,
        `${c2}/items/other`,
        `${c}/organizations`,
        `/organizations`,
      ]) {
        const r = await w.client.get(org(k), path);
        responses++;
        expect(leaks(k, r), `${k} GET ${path}`).toEqual([]);
      }
    }
    // the owners do see them, so the scan would catch a leak
    const own = (await w.client.get(w.sirb, `${c}/items?recurse=true`)).text;
    expect(own).toContain(secret.sirb.split('/')[1]);
    expect(own).not.toContain(secret.site.split('/')[1]);
    expect((await w.client.get(w.site, `${c}/items?recurse=true`)).text).toContain(secret.site.split('/')[1]);
    expect((await w.client.get(w.sirb2, `${c2}/items?recurse=true`)).text).toContain(secret.sirb2.split('/')[1]);
    expect(forbiddenFor('site2').keys.size).toBeGreaterThan(3);
    expect(responses).toBeGreaterThan(rows.length * CALLERS.length);
  });
});
