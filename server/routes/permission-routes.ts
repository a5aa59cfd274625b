// Item access lists: readers may see them, only the item owner may change them (protocol.md §2).
import { ApiError } from '../http/api-error.js';
import { sendJson } from '../http/responses.js';
import type { HeaderContext, Route, RouteContext } from '../http/router.js';
import { requireBase64, requireString } from '../http/validate.js';
import type { ContainerRow, VisibleItemRow } from '../store/rows.js';
import { toOrganization } from './wire.js';
import {
  containerFor,
  itemPathFromUrl,
  jsonFields,
  namedOrganization,
  requireEnabledGrantee,
} from './route-helpers.js';

const OWNER = ['sIRB', 'pSite'] as const;

async function visibleItem(ctx: HeaderContext): Promise<{ c: ContainerRow; row: VisibleItemRow }> {
  const path = itemPathFromUrl(ctx.rest, 1);
  const c = await containerFor(ctx);
  const row = await ctx.app.store.getVisibleItem(c.id, path, ctx.caller.org.id);
  if (!row) throw new ApiError('notFound', `Item ${path} was not found.`);
  return { c, row };
}

/** Also the routes' refusals before the body (Route.beforeBody): 404 unseen, 403 not the owner. */
async function ownedItem(ctx: HeaderContext): Promise<{ c: ContainerRow; row: VisibleItemRow }> {
  const found = await visibleItem(ctx);
  if (found.row.owner_id !== ctx.caller.org.id)
    throw new ApiError('notAllowed', "Only the item's owner may change its access list.");
  return found;
}

async function readers(ctx: RouteContext, row: VisibleItemRow): Promise<void> {
  sendJson(ctx.res, 200, (await ctx.app.store.itemReaders(row)).map(toOrganization));
}

async function grant(ctx: RouteContext): Promise<void> {
  const { c, row } = await ownedItem(ctx);
  const f = jsonFields(ctx);
  const organizationId = requireString(f, 'organizationId');
  const key = requireBase64(f, 'key');
  const target = await namedOrganization(ctx, organizationId);
  requireEnabledGrantee(target);
  const outcome = await ctx.app.store.grantItemKey(c, row, target.id, key);
  if (outcome === 'notMember')
    throw new ApiError(
      'noContainerAccess',
      `Organization ${target.id} does not collaborate on container ${row.container_id}.`,
    );
  if (outcome === 'alreadyHasAccess')
    throw new ApiError('alreadyHasAccess', `Organization ${target.id} already has access; use PUT to replace its key.`);
  await readers(ctx, row);
}

async function update(ctx: RouteContext): Promise<void> {
  const { row } = await ownedItem(ctx);
  const f = jsonFields(ctx);
  const organizationId = requireString(f, 'organizationId');
  const key = requireBase64(f, 'key');
  const target = await namedOrganization(ctx, organizationId);
  requireEnabledGrantee(target);
  if (!(await ctx.app.store.updateItemKey(row, target.id, key)))
    throw new ApiError('notFound', `Organization ${target.id} has no access to update.`);
  await readers(ctx, row);
}

async function revoke(ctx: RouteContext): Promise<void> {
  const { row } = await ownedItem(ctx);
  const organizationId = requireString(jsonFields(ctx), 'organizationId');
  const target = await namedOrganization(ctx, organizationId);
  if (target.id === row.owner_id) throw new ApiError('ownerNotRevocable', "The item owner's access cannot be revoked.");
  if (!(await ctx.app.store.revokeItemKey(row, target.id)))
    throw new ApiError('notFound', `Organization ${target.id} has no access to revoke.`);
  await readers(ctx, row);
}

const display = '/containers/{containerId}/permissions/{itemPath}';
export const permissionRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/containers/:containerId/permissions/*',
    display,
    body: 'none',
    roles: OWNER,
    handle: async (ctx) => readers(ctx, (await visibleItem(ctx)).row),
  },
  {
    method: 'POST',
    pattern: '/containers/:containerId/permissions/*',
    display,
    body: 'json',
    roles: OWNER,
    beforeBody: ownedItem,
    handle: grant,
  },
  {
    method: 'PUT',
    pattern: '/containers/:containerId/permissions/*',
    display,
    body: 'json',
    roles: OWNER,
    beforeBody: ownedItem,
    handle: update,
  },
  {
    method: 'DELETE',
    pattern: '/containers/:containerId/permissions/*',
    display,
    body: 'json',
    roles: OWNER,
    beforeBody: ownedItem,
    handle: revoke,
  },
];
