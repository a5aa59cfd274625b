// The roles a route declares are enforced by the request pipeline, not by each handler: for
// every route of the table (a new one included, by declaring it), each kind of organization
// without a declared role is refused with 2007 before the route looks at anything (unknown
// ids, a malformed body of the wrong type), and one that holds a role is never refused for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../routes/all-routes.js';
import { STORES } from '../test-support/stores.js';
import { createWorld, type World, type WorldOrg } from '../test-support/world.js';
import type { Route } from './router.js';

type Kind = 'sirb' | 'site' | 'admin';
const KINDS: readonly Kind[] = ['sirb', 'site', 'admin'];

/** The roles each organization of the world holds (protocol.md §2; the admin is not an sIRB). */
const HOLDS: Record<Kind, readonly string[]> = { sirb: ['sIRB'], site: ['pSite'], admin: ['pSite', 'Admin'] };

/** A concrete request path for the pattern: ids that name nothing, one item segment. */
function pathOf(route: Route): string {
  return route.pattern.replace(/:[A-Za-z]+/g, 'f'.repeat(32)).replace(/\*$/, 'x');
}

const routes = ALL_ROUTES.filter((r) => !r.anonymous);
const restricted = routes.filter((r) => KINDS.some((k) => !r.roles.some((role) => HOLDS[k].includes(role))));

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
  });
  afterAll(async () => {
    await w.close();
  });

  function call(route: Route, org: WorldOrg) {
    const body = route.body === 'none' ? {} : { body: '{', contentType: 'text/plain' };
    return w.client.send(org, { method: route.method, path: pathOf(route), ...body });
  }

  it('the table has routes limited to sIRB and to Admin', () => {
    expect(restricted.map((r) => r.roles.join(','))).toEqual(expect.arrayContaining(['sIRB', 'Admin']));
    expect(restricted.length).toBeGreaterThanOrEqual(7);
  });

  it.each(routes.map((r) => [`${r.method} ${r.pattern} (${r.roles.join(', ')})`, r] as const))(
    '%s',
    async (_, route) => {
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const k of KINDS) {
        const r = await call(route, w[k]);
        const allowed = route.roles.some((role) => HOLDS[k].includes(role));
        const refused = r.status === 403 && r.json().code === 2007;
        got[k] = refused ? 'refused' : 'let through';
        want[k] = allowed ? 'let through' : 'refused';
        if (refused) expect(r.json().message).toBe('The organization is not allowed to do this.');
      }
      expect(got).toEqual(want);
    },
  );
});
