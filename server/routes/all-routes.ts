// Every endpoint of protocol.md §2; the root document is generated from this list.
import type { RootDocument } from '../../shared/types.js';
import { sendJson, sendText } from '../http/responses.js';
import type { Route } from '../http/router.js';
import { containerRoutes } from './container-routes.js';
import { itemRoutes } from './item-routes.js';
import { organizationRoutes } from './organization-routes.js';
import { permissionRoutes } from './permission-routes.js';

const SERVICE_NAME = 'Study Exchange reference server';
const SERVICE_VERSION = '1';

function displayPath(r: Route): string {
  return r.display ?? r.pattern.replace(/:([A-Za-z]+)/g, '{$1}');
}

function rootDocument(routes: readonly Route[]): RootDocument {
  return {
    name: SERVICE_NAME,
    version: SERVICE_VERSION,
    endpoints: routes.map((r) => ({ method: r.method, path: displayPath(r), roles: r.roles })),
  };
}

const pingRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/ping',
    body: 'none',
    roles: ['Anonymous'],
    anonymous: true,
    handle: (ctx) => sendText(ctx.res, 200, 'pong'),
  },
  {
    method: 'GET',
    pattern: '/ping/site',
    body: 'none',
    roles: ['sIRB', 'pSite'],
    handle: (ctx) => sendText(ctx.res, 200, 'pong'),
  },
  {
    method: 'GET',
    pattern: '/ping/sirb',
    body: 'none',
    roles: ['sIRB'],
    handle: (ctx) => sendText(ctx.res, 200, 'pong'),
  },
];

const rootRoute: Route = {
  method: 'GET',
  pattern: '/',
  body: 'none',
  roles: ['sIRB', 'pSite'],
  handle: (ctx) => sendJson(ctx.res, 200, rootDocument(ALL_ROUTES)),
};

export const ALL_ROUTES: readonly Route[] = [
  rootRoute,
  ...containerRoutes,
  ...itemRoutes,
  ...permissionRoutes,
  ...organizationRoutes,
  ...pingRoutes,
];
