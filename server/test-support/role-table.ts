// The role × endpoint table, defined once for the server's role matrix and the reliability
// suite's authorization table: which status each kind of caller must get from every endpoint.
import type { World, WorldOrg } from './world.js';
import { payloadFor } from './world.js';
import { sendRaw, type TestResponse } from './signed-client.js';

export type Caller = 'anonymous' | 'site' | 'site2' | 'sirb' | 'sirb2' | 'disabled' | 'admin';

/** In the order the tables call them: the owning sIRB last, after every other caller. */
export const CALLERS: readonly Caller[] = ['anonymous', 'site', 'site2', 'sirb2', 'disabled', 'admin', 'sirb'];

export interface Row {
  readonly name: string;
  readonly method: string;
  path(): string;
  body?(caller: Caller): object | Buffer | string;
  readonly contentType?: string;
  /** Expected status per caller (anonymous defaults to 404, disabled to 403). */
  readonly expect: Partial<Record<Caller, number>>;
}

/** Every authenticated caller gets `s`. */
export const ALL = (s: number): Partial<Record<Caller, number>> => ({ site: s, site2: s, sirb: s, sirb2: s, admin: s });
/** The study's members get `s`; everyone else is told it does not exist. */
export const MEMBERS = (s: number): Partial<Record<Caller, number>> => ({
  site: s,
  sirb: s,
  site2: 404,
  sirb2: 404,
  admin: 404,
});

/** The world and the study (owned by `sirb`, `site` collaborating, item `m/x` granted to `site`) the rows act on. */
export type TableWorld = () => { readonly w: World; readonly c: string };

export function org(w: World, k: Caller): WorldOrg {
  return w[k as Exclude<Caller, 'anonymous'>];
}

/** The status each caller must get, by the table's defaults. */
export function expectedStatus(row: Row, k: Caller): number {
  return row.expect[k] ?? (k === 'anonymous' ? 404 : k === 'disabled' ? 403 : -1);
}

/** The decided code of a refusal: anonymous is not found, disabled is 2006, a role or owner refusal 2007. */
export function expectedCode(k: Caller, r: TestResponse): number {
  return k === 'anonymous'
    ? 1015
    : k === 'disabled'
      ? 2006
      : r.status === 403
        ? 2007
        : r.status === 404
          ? 1015
          : r.json().code;
}

export function callRow(w: World, row: Row, k: Caller): Promise<TestResponse> {
  if (k === 'anonymous')
    return sendRaw(w.server.port, {
      method: row.method,
      path: row.path(),
      headers: { Host: w.client.host, 'User-Agent': 'anon' },
    });
  const body = row.body?.(k);
  return w.client.send(org(w, k), {
    method: row.method,
    path: row.path(),
    ...(body !== undefined ? { body } : {}),
    ...(row.contentType ? { contentType: row.contentType } : {}),
  });
}

/** Every endpoint once, without the destructive rows (see deleteRow). */
export function endpointRows(get: TableWorld): Row[] {
  let n = 0;
  const c = (): string => get().c;
  const w = (): World => get().w;
  return [
    { name: 'root', method: 'GET', path: () => '/', expect: ALL(200) },
    { name: 'ping', method: 'GET', path: () => '/ping', expect: { ...ALL(200), anonymous: 200, disabled: 200 } },
    { name: 'ping/site', method: 'GET', path: () => '/ping/site', expect: ALL(200) },
    {
      name: 'ping/sirb',
      method: 'GET',
      path: () => '/ping/sirb',
      expect: { site: 403, site2: 403, sirb: 200, sirb2: 200, admin: 403 },
    },
    { name: 'list containers', method: 'GET', path: () => '/containers', expect: ALL(200) },
    {
      name: 'create container',
      method: 'POST',
      path: () => '/containers',
      body: () => ({}),
      expect: { site: 403, site2: 403, sirb: 201, sirb2: 201, admin: 403 },
    },
    { name: 'get container', method: 'GET', path: () => c(), expect: MEMBERS(200) },
    { name: 'container access list', method: 'GET', path: () => `${c()}/organizations`, expect: MEMBERS(200) },
    {
      name: 'grant container access',
      method: 'POST',
      path: () => `${c()}/organizations`,
      body: () => ({ organizationId: w().bare.id }),
      expect: { site: 403, site2: 403, sirb: 200, sirb2: 404, admin: 403 },
    },
    {
      name: 'revoke container access',
      method: 'DELETE',
      path: () => `${c()}/organizations`,
      body: () => ({ organizationId: w().bare.id }),
      expect: { site: 403, site2: 403, sirb: 200, sirb2: 404, admin: 403 },
    },
    { name: 'list items of a folder', method: 'GET', path: () => `${c()}/items/m`, expect: MEMBERS(200) },
    { name: 'content, granted item', method: 'GET', path: () => `${c()}/content/m/x`, expect: MEMBERS(200) },
    {
      name: 'save existing item (owner sIRB)',
      method: 'PUT',
      path: () => `${c()}/items/m/x`,
      body: (k) => payloadFor(org(w(), k)),
      expect: { site: 403, site2: 404, sirb: 200, sirb2: 404, admin: 404 },
    },
    {
      name: 'save new item',
      method: 'PUT',
      path: () => `${c()}/items/new/${++n}`,
      body: (k) => payloadFor(org(w(), k)),
      expect: MEMBERS(201),
    },
    {
      name: 'add item',
      method: 'POST',
      path: () => `${c()}/items/m`,
      body: (k) => payloadFor(org(w(), k)),
      expect: MEMBERS(201),
    },
    { name: 'item access list', method: 'GET', path: () => `${c()}/permissions/m/x`, expect: MEMBERS(200) },
    {
      name: 'grant item access (to an outsider)',
      method: 'POST',
      path: () => `${c()}/permissions/m/x`,
      body: () => ({ organizationId: w().site2.id, key: 'AAAA' }),
      expect: { site: 403, site2: 404, sirb: 409, sirb2: 404, admin: 404 },
    },
    // a real wrapped key, so that scans for leaked keys have one more to look for
    {
      name: 'update item access',
      method: 'PUT',
      path: () => `${c()}/permissions/m/x`,
      body: () => ({ organizationId: w().site.id, key: payloadFor(w().site).key }),
      expect: { site: 403, site2: 404, sirb: 200, sirb2: 404, admin: 404 },
    },
    {
      name: 'revoke item access (owner)',
      method: 'DELETE',
      path: () => `${c()}/permissions/m/x`,
      body: () => ({ organizationId: w().sirb.id }),
      expect: { site: 403, site2: 404, sirb: 400, sirb2: 404, admin: 404 },
    },
    { name: 'list organizations', method: 'GET', path: () => '/organizations?name=c', expect: ALL(200) },
    { name: 'get organization', method: 'GET', path: () => `/organizations/${w().site.id}`, expect: ALL(200) },
    {
      name: 'create organization',
      method: 'POST',
      path: () => '/organizations',
      body: () => ({ name: `Org ${++n}` }),
      expect: { site: 403, site2: 403, sirb: 403, sirb2: 403, admin: 201 },
    },
    {
      name: 'update organization',
      method: 'PUT',
      path: () => `/organizations/${w().bare.id}`,
      body: () => ({ isSirb: false }),
      expect: { site: 403, site2: 403, sirb: 403, sirb2: 403, admin: 200 },
    },
    {
      name: 'get certificate',
      method: 'GET',
      path: () => `/organizations/${w().site.id}/certificate`,
      expect: ALL(200),
    },
    {
      name: 'update certificate',
      method: 'PUT',
      path: () => `/organizations/${w().bare.id}/certificate`,
      body: () => w().spare.certificatePem,
      contentType: 'application/x-pem-file',
      expect: { site: 403, site2: 403, sirb: 403, sirb2: 403, admin: 200 },
    },
  ];
}

/** Destructive, so last of a table: non-owners first, then the owner (CALLERS' order). */
export function deleteRow(get: TableWorld): Row {
  return {
    name: 'delete item',
    method: 'DELETE',
    path: () => `${get().c}/items/m/x`,
    expect: { site: 403, site2: 404, sirb2: 404, admin: 404, sirb: 204 },
  };
}
