// Items: list, save (PUT), add (POST), delete, content (protocol.md §2); listing
// and content are in item-listing.ts and item-content.ts.
import { MAX_SEGMENTS } from '../../shared/item-path.js';
import { newId } from '../store/ids.js';
import { ApiError } from '../http/api-error.js';
import { sendEmpty, sendJson } from '../http/responses.js';
import type { HeaderContext, Route, RouteContext } from '../http/router.js';
import type { ContainerRow } from '../store/rows.js';
import { toItem } from './wire.js';
import { itemContent } from './item-content.js';
import { itemPayload } from './item-payload.js';
import { listItems } from './item-listing.js';
import { containerFor, itemPathFromUrl, requireReservedPathWriter } from './route-helpers.js';

const ANY = ['sIRB', 'pSite'] as const;

/**
 * Where a write goes, and every refusal of it that needs no body: container visibility (404),
 * reserved paths and another organization's item (403). Run before the body when its hash was
 * announced (Route.beforeBody) and again by the handler (protocol.md §2 "Order of checks":
 * ownership before the body's fields; it also spares a copy of the content into a store that
 * would refuse it).
 */
async function writeTarget(ctx: HeaderContext, mode: 'save' | 'add'): Promise<{ c: ContainerRow; path: string }> {
  const given = itemPathFromUrl(ctx.rest, mode === 'add' ? 0 : 1, mode === 'add' ? MAX_SEGMENTS - 1 : MAX_SEGMENTS);
  const path = mode === 'add' ? (given === '' ? newId() : `${given}|${newId()}`) : given;
  const c = await containerFor(ctx);
  const orgId = ctx.caller.org.id;
  requireReservedPathWriter(path, c, orgId);
  const owner = await ctx.app.store.itemOwner(c.id, path);
  if (owner !== undefined && owner !== orgId) throw notOwner();
  return { c, path };
}

const notOwner = (): ApiError => new ApiError('notAllowed', 'Only the owner of the item may replace it.');

/** PUT (the path is the id) and POST (a generated segment is added below the path). */
async function writeItem(ctx: RouteContext, mode: 'save' | 'add'): Promise<void> {
  const { c, path } = await writeTarget(ctx, mode);
  const payload = itemPayload(ctx.body.item);
  // the authoritative check is the store's, under its lock: another organization may have saved the path meanwhile
  const saved = await ctx.app.store.saveItem(c.id, path, ctx.caller.org.id, payload, ctx.app.now());
  if (saved === 'notOwner') throw notOwner();
  const item = toItem(saved.row);
  if (saved.created) sendJson(ctx.res, 201, item, { Location: item.url });
  else sendJson(ctx.res, 200, item);
}

async function removeItem(ctx: RouteContext): Promise<void> {
  const path = itemPathFromUrl(ctx.rest, 1);
  const c = await containerFor(ctx);
  const row = await ctx.app.store.getVisibleItem(c.id, path, ctx.caller.org.id);
  if (!row) throw new ApiError('notFound', `Item ${path} was not found.`);
  if (row.owner_id !== ctx.caller.org.id) throw new ApiError('notAllowed', 'Only the owner of the item may delete it.');
  await ctx.app.store.deleteItem(row);
  sendEmpty(ctx.res, 204);
}

export const itemRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/containers/:containerId/items/*',
    display: '/containers/{containerId}/items[/{itemPath}]',
    body: 'none',
    roles: ANY,
    handle: listItems,
  },
  {
    method: 'PUT',
    pattern: '/containers/:containerId/items/*',
    display: '/containers/{containerId}/items/{itemPath}',
    body: 'item',
    roles: ANY,
    beforeBody: (ctx) => writeTarget(ctx, 'save'),
    handle: (ctx) => writeItem(ctx, 'save'),
  },
  {
    method: 'POST',
    pattern: '/containers/:containerId/items/*',
    display: '/containers/{containerId}/items[/{itemPath}]',
    body: 'item',
    roles: ANY,
    beforeBody: (ctx) => writeTarget(ctx, 'add'),
    handle: (ctx) => writeItem(ctx, 'add'),
  },
  {
    method: 'DELETE',
    pattern: '/containers/:containerId/items/*',
    display: '/containers/{containerId}/items/{itemPath}',
    body: 'none',
    roles: ANY,
    handle: removeItem,
  },
  {
    method: 'GET',
    pattern: '/containers/:containerId/content/*',
    display: '/containers/{containerId}/content/{itemPath}',
    body: 'none',
    roles: ANY,
    handle: itemContent,
  },
];
