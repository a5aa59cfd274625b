// protocol.md §6 bounds uploads per organization before their signature is verified; the
// server keeps counting an upload until its save ends, so one organization's saves cannot take
// every database connection (on PostgreSQL a save holds one for its whole COPY). Here a save
// is held behind a table lock, where it waits without blocking the server.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startExchange } from '../index.js';
import { SignedClient } from '../test-support/signed-client.js';
import { createWorld, payloadFor, studyWithSite, type World } from '../test-support/world.js';

let w: World;
let c: string;

beforeAll(async () => {
  w = await createWorld({ storeKind: 'postgres' });
  c = await studyWithSite(w);
});
afterAll(async () => {
  await w.close();
});

it('an upload counts against its organization until its save ends; other organizations go on', async () => {
  const one = await startExchange({ ...w.store, maxUploadsPerOrganization: 1, log: () => undefined });
  const locker = new pg.Client({ connectionString: w.store.databaseUrl });
  await locker.connect();
  try {
    const client = new SignedClient(one.port);
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE items IN EXCLUSIVE MODE');
    const first = client.put(w.sirb, `${c}/items/first`, payloadFor(w.sirb));
    // the first save is verified and waits on the lock (its row write is blocked)
    const waiting = async () =>
      (await locker.query("SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'items'::regclass AND NOT granted"))
        .rows[0].n as number;
    while ((await waiting()) < 1) await new Promise((r) => setTimeout(r, 20));
    const second = await client.put(w.sirb, `${c}/items/second`, payloadFor(w.sirb));
    expect(second.status, second.text).toBe(503);
    expect(second.json().code).toBe(1018);
    const bySite = client.put(w.site, `${c}/items/by-site`, payloadFor(w.site));
    while ((await waiting()) < 2) await new Promise((r) => setTimeout(r, 20));
    await locker.query('COMMIT');
    expect((await first).status).toBe(201);
    expect((await bySite).status).toBe(201);
  } finally {
    await locker.query('ROLLBACK').catch(() => undefined);
    await locker.end();
    await one.close();
  }
});
