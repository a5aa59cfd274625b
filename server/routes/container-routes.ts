// Containers and their access lists (protocol.md §2).
import { ApiError } from '../http/api-error.js';
import { sendJson } from '../http/responses.js';
import type { HeaderContext, Route, RouteContext } from '../http/router.js';
import type { ContainerRow } from '../store/rows.js';
import { requireString } from '../http/validate.js';
import { toContainer, toOrganization } from './wire.js';
import { containerFor, jsonFields, namedOrganization, requireEnabledGrantee } from './route-helpers.js';

const ANY = ['sIRB', 'pSite'] as const;

/** The container whose access list the caller changes: 404 unseen, 403 not its owner (also before the body). */
async function ownedContainer(ctx: HeaderContext): Promise<ContainerRow> {
  // the router has refused all but sIRB organizations (roles); of those, only the owner
  const c = await containerFor(ctx);
  if (c.owner_id !== ctx.caller.org.id)
    throw new ApiError('notAllowed', 'Only the container owner may change its access list.');
  return c;
}

async function accessChange(ctx: RouteContext, change: 'grant' | 'revoke'): Promise<void> {
  const c = await ownedContainer(ctx);
  const organizationId = requireString(jsonFields(ctx), 'organizationId');
  const { store } = ctx.app;
  const target = await namedOrganization(ctx, organizationId);
  if (change === 'grant') {
    requireEnabledGrantee(target);
    await store.addCollaborator(c, target.id, ctx.app.now());
  } else {
    if (target.id === c.owner_id) throw new ApiError('ownerNotRevocable', 'The container owner keeps its access.');
    await store.removeCollaborator(c, target.id, ctx.app.now());
  }
  sendJson(ctx.res, 200, (await store.containerMembers(c)).map(toOrganization));
}

export const containerRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/containers',
    body: 'none',
    roles: ANY,
    handle: async (ctx) =>
      sendJson(ctx.res, 200, (await ctx.app.store.listVisibleContainers(ctx.caller.org.id)).map(toContainer)),
  },
  {
    method: 'POST',
    pattern: '/containers',
    body: 'json',
    roles: ['sIRB'],
    handle: async (ctx) => {
      jsonFields(ctx);
      const c = toContainer(await ctx.app.store.insertContainer(ctx.caller.org.id, ctx.app.now()));
      sendJson(ctx.res, 201, c, { Location: c.url });
    },
  },
  {
    method: 'GET',
    pattern: '/containers/:containerId',
    body: 'none',
    roles: ANY,
    handle: async (ctx) => sendJson(ctx.res, 200, toContainer(await containerFor(ctx))),
  },
  {
    method: 'GET',
    pattern: '/containers/:containerId/organizations',
    body: 'none',
    roles: ANY,
    handle: async (ctx) =>
      sendJson(ctx.res, 200, (await ctx.app.store.containerMembers(await containerFor(ctx))).map(toOrganization)),
  },
  {
    method: 'POST',
    pattern: '/containers/:containerId/organizations',
    body: 'json',
    roles: ['sIRB'],
    beforeBody: ownedContainer,
    handle: (ctx) => accessChange(ctx, 'grant'),
  },
  {
    method: 'DELETE',
    pattern: '/containers/:containerId/organizations',
    body: 'json',
    roles: ['sIRB'],
    beforeBody: ownedContainer,
    handle: (ctx) => accessChange(ctx, 'revoke'),
  },
];
