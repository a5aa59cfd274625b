// Items: list, save (PUT), add (POST), delete, content (interface §4, decisions §3); listing
// and content are in item-listing.ts and item-content.ts.
import { MAX_SEGMENTS } from '../../shared/item-path.js';
import { promoteTempFile, removeContentFile } from '../content-files.js';
import { newId } from '../format.js';
import { ApiError } from '../http/api-error.js';
import { sendEmpty, sendJson } from '../http/responses.js';
import type { Route, RouteContext } from '../http/router.js';
import { deleteItem, getItem, getVisibleItem, insertItem, replaceItem, toItem } from '../store/items.js';
import { itemContent } from './item-content.js';
import { itemPayload } from './item-payload.js';
import { listItems } from './item-listing.js';
import { containerFor, itemPathFromUrl, requireJsonBody } from './route-helpers.js';

const ANY = ['sIRB', 'pSite'] as const;

/** PUT (the path is the id) and POST (a generated segment is added below the path). */
function writeItem(ctx: RouteContext, mode: 'save' | 'add'): void {
  const given = itemPathFromUrl(ctx.rest, mode === 'add' ? 0 : 1, mode === 'add' ? MAX_SEGMENTS - 1 : MAX_SEGMENTS);
  const path = mode === 'add' ? (given === '' ? newId() : `${given}|${newId()}`) : given;
  const c = containerFor(ctx);
  const { db, contentDir } = ctx.app;
  const orgId = ctx.caller.org.id;
  const existing = getItem(db, c.id, path);
  if (existing && existing.owner_id !== orgId) throw new ApiError('notAllowed', 'Only the owner of the item may replace it.');
  // the payload only once the caller may write here (decisions §1 "Order of checks")
  requireJsonBody(ctx);
  const payload = itemPayload(ctx.body.item);

  const contentFile = promoteTempFile(payload.tempFile, contentDir);
  const fields = { ...payload, contentFile };
  let replacedFile: string | undefined;
  let created = false;
  try {
    db.transaction(() => {
      const current = getItem(db, c.id, path);
      if (current && current.owner_id !== orgId) throw new ApiError('notAllowed', 'Only the owner of the item may replace it.');
      const now = ctx.app.now();
      if (current) {
        replaceItem(db, current, fields, now);
        replacedFile = current.content_file;
      } else {
        insertItem(db, c.id, path, orgId, fields, now);
        created = true;
      }
    }).immediate();
  } catch (e) {
    removeContentFile(contentDir, contentFile);
    throw e;
  }
  if (replacedFile) removeContentFile(contentDir, replacedFile);
  const item = toItem(getVisibleItem(db, c.id, path, orgId)!);
  if (created) sendJson(ctx.res, 201, item, { Location: item.url });
  else sendJson(ctx.res, 200, item);
}

function removeItem(ctx: RouteContext): void {
  const path = itemPathFromUrl(ctx.rest, 1);
  const c = containerFor(ctx);
  const row = getVisibleItem(ctx.app.db, c.id, path, ctx.caller.org.id);
  if (!row) throw new ApiError('notFound', `Item ${path} was not found.`);
  if (row.owner_id !== ctx.caller.org.id) throw new ApiError('notAllowed', 'Only the owner of the item may delete it.');
  // row first (its grants go with it by cascade), then the file: a crash in between leaves an orphan the sweep removes
  deleteItem(ctx.app.db, row);
  removeContentFile(ctx.app.contentDir, row.content_file);
  sendEmpty(ctx.res, 204);
}

export const itemRoutes: Route[] = [
  { method: 'GET', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items[/{itemPath}]', body: 'none', roles: ANY, handle: listItems },
  { method: 'PUT', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items/{itemPath}', body: 'item', roles: ANY, handle: (ctx) => writeItem(ctx, 'save') },
  { method: 'POST', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items[/{itemPath}]', body: 'item', roles: ANY, handle: (ctx) => writeItem(ctx, 'add') },
  { method: 'DELETE', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items/{itemPath}', body: 'none', roles: ANY, handle: removeItem },
  { method: 'GET', pattern: '/containers/:containerId/content/*', display: '/containers/{containerId}/content/{itemPath}', body: 'none', roles: ANY, handle: itemContent },
];
