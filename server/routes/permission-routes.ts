// Item access lists: readers may see them, only the item owner may change them (decisions §3).
import { ApiError } from '../http/api-error.js';
import { sendJson } from '../http/responses.js';
import type { Route, RouteContext } from '../http/router.js';
import { requireBase64, requireString } from '../http/validate.js';
import { isMember, type ContainerRow } from '../store/containers.js';
import { getVisibleItem, grantItemKey, hasItemKey, itemReaders, revokeItemKey, updateItemKey, type VisibleItemRow } from '../store/items.js';
import { getOrganization, toOrganization, type OrganizationRow } from '../store/organizations.js';
import { containerFor, itemPathFromUrl, jsonFields } from './route-helpers.js';

const OWNER = ['sIRB', 'pSite'] as const;

function visibleItem(ctx: RouteContext): { c: ContainerRow; row: VisibleItemRow } {
  const path = itemPathFromUrl(ctx.rest, 1);
  const c = containerFor(ctx);
  const row = getVisibleItem(ctx.app.db, c.id, path, ctx.caller.org.id);
  if (!row) throw new ApiError('notFound', `Item ${path} was not found.`);
  return { c, row };
}

function ownedItem(ctx: RouteContext): { c: ContainerRow; row: VisibleItemRow } {
  const found = visibleItem(ctx);
  if (found.row.owner_id !== ctx.caller.org.id) throw new ApiError('notAllowed', "Only the item's owner may change its access list.");
  return found;
}

function targetOrganization(ctx: RouteContext, id: string): OrganizationRow {
  const org = getOrganization(ctx.app.db, id);
  if (!org) throw new ApiError('notFound', `Organization ${id} was not found.`);
  return org;
}

function readers(ctx: RouteContext, row: VisibleItemRow): void {
  sendJson(ctx.res, 200, itemReaders(ctx.app.db, row).map(toOrganization));
}

function grant(ctx: RouteContext): void {
  const { c, row } = ownedItem(ctx);
  const f = jsonFields(ctx);
  const organizationId = requireString(f, 'organizationId');
  const key = requireBase64(f, 'key');
  const target = targetOrganization(ctx, organizationId);
  const db = ctx.app.db;
  db.transaction(() => {
    if (!isMember(db, c, target.id)) throw new ApiError('noContainerAccess', `Organization ${target.id} does not collaborate on container ${row.container_id}.`);
    if (hasItemKey(db, row, target.id)) throw new ApiError('alreadyHasAccess', `Organization ${target.id} already has access; use PUT to replace its key.`);
    grantItemKey(db, row, target.id, key);
  }).immediate();
  readers(ctx, row);
}

function update(ctx: RouteContext): void {
  const { row } = ownedItem(ctx);
  const f = jsonFields(ctx);
  const organizationId = requireString(f, 'organizationId');
  const key = requireBase64(f, 'key');
  const target = targetOrganization(ctx, organizationId);
  const db = ctx.app.db;
  db.transaction(() => {
    if (!hasItemKey(db, row, target.id)) throw new ApiError('notFound', `Organization ${target.id} has no access to update.`);
    updateItemKey(db, row, target.id, key);
  }).immediate();
  readers(ctx, row);
}

function revoke(ctx: RouteContext): void {
  const { row } = ownedItem(ctx);
  const organizationId = requireString(jsonFields(ctx), 'organizationId');
  const target = targetOrganization(ctx, organizationId);
  if (target.id === row.owner_id) throw new ApiError('ownerNotRevocable', "The item owner's access cannot be revoked.");
  const db = ctx.app.db;
  db.transaction(() => {
    if (!hasItemKey(db, row, target.id)) throw new ApiError('notFound', `Organization ${target.id} has no access to revoke.`);
    revokeItemKey(db, row, target.id);
  }).immediate();
  readers(ctx, row);
}

const display = '/containers/{containerId}/permissions/{itemPath}';
export const permissionRoutes: Route[] = [
  { method: 'GET', pattern: '/containers/:containerId/permissions/*', display, body: 'none', roles: OWNER, handle: (ctx) => readers(ctx, visibleItem(ctx).row) },
  { method: 'POST', pattern: '/containers/:containerId/permissions/*', display, body: 'json', roles: OWNER, handle: grant },
  { method: 'PUT', pattern: '/containers/:containerId/permissions/*', display, body: 'json', roles: OWNER, handle: update },
  { method: 'DELETE', pattern: '/containers/:containerId/permissions/*', display, body: 'json', roles: OWNER, handle: revoke },
];
