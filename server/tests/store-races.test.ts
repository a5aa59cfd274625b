// Requests that race on one row, as several server processes (or one busy one) make them:
// on SQLite and on PostgreSQL, each is answered as if it had run alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES } from '../test-support/stores.js';
import { createWorld, type World } from '../test-support/world.js';

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('concurrent grants and revokes of one collaborator are each answered 200, never 500', async () => {
    const c: string = (await w.client.post(w.sirb, '/containers', {})).json().url;
    const body = { organizationId: w.site.id };
    const statuses: number[] = [];
    // PostgreSQL: a revoke that locked the access row before the container row deadlocked with a grant
    for (let i = 0; i < 30; i++) {
      expect((await w.client.post(w.sirb, `${c}/organizations`, body)).status).toBe(200);
      const answers = await Promise.all([w.client.delete(w.sirb, `${c}/organizations`, body), w.client.post(w.sirb, `${c}/organizations`, body)]);
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(w.logs.filter((l) => l.includes('unexpected error'))).toEqual([]);
  });
});
