// Containers and their access lists (interface §4, decisions §3).
import { ApiError } from '../http/api-error.js';
import { sendJson } from '../http/responses.js';
import type { Route, RouteContext } from '../http/router.js';
import { requireString } from '../http/validate.js';
import {
  addCollaborator,
  containerMembers,
  insertContainer,
  listVisibleContainers,
  removeCollaborator,
  toContainer,
} from '../store/containers.js';
import { getOrganization, toOrganization } from '../store/organizations.js';
import { containerFor, jsonFields, requireSirb } from './route-helpers.js';

const ANY = ['sIRB', 'pSite'] as const;

function accessChange(ctx: RouteContext, change: 'grant' | 'revoke'): void {
  requireSirb(ctx);
  const c = containerFor(ctx);
  if (c.owner_id !== ctx.caller.org.id) throw new ApiError('notAllowed', 'Only the container owner may change its access list.');
  const organizationId = requireString(jsonFields(ctx), 'organizationId');
  const target = getOrganization(ctx.app.db, organizationId);
  if (!target) throw new ApiError('notFound', `Organization ${organizationId} was not found.`);
  if (change === 'grant') {
    addCollaborator(ctx.app.db, c, target.id, ctx.app.now());
  } else {
    if (target.id === c.owner_id) throw new ApiError('ownerNotRevocable', 'The container owner keeps its access.');
    removeCollaborator(ctx.app.db, c, target.id, ctx.app.now());
  }
  sendJson(ctx.res, 200, containerMembers(ctx.app.db, c).map(toOrganization));
}

export const containerRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/containers',
    body: 'none',
    roles: ANY,
    handle: (ctx) => sendJson(ctx.res, 200, listVisibleContainers(ctx.app.db, ctx.caller.org.id).map(toContainer)),
  },
  {
    method: 'POST',
    pattern: '/containers',
    body: 'json',
    roles: ['sIRB'],
    handle: (ctx) => {
      requireSirb(ctx);
      jsonFields(ctx);
      const c = toContainer(insertContainer(ctx.app.db, ctx.caller.org.id, ctx.app.now()));
      sendJson(ctx.res, 201, c, { Location: c.url });
    },
  },
  {
    method: 'GET',
    pattern: '/containers/:containerId',
    body: 'none',
    roles: ANY,
    handle: (ctx) => sendJson(ctx.res, 200, toContainer(containerFor(ctx))),
  },
  {
    method: 'GET',
    pattern: '/containers/:containerId/organizations',
    body: 'none',
    roles: ANY,
    handle: (ctx) => sendJson(ctx.res, 200, containerMembers(ctx.app.db, containerFor(ctx)).map(toOrganization)),
  },
  {
    method: 'POST',
    pattern: '/containers/:containerId/organizations',
    body: 'json',
    roles: ['sIRB'],
    handle: (ctx) => accessChange(ctx, 'grant'),
  },
  {
    method: 'DELETE',
    pattern: '/containers/:containerId/organizations',
    body: 'json',
    roles: ['sIRB'],
    handle: (ctx) => accessChange(ctx, 'revoke'),
  },
];
