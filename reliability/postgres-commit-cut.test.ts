// The connection to PostgreSQL breaks during an upload's COMMIT. The client sends a request
// again on 1018 (busy), POST included, so 1018 may only say "nothing was kept": a COMMIT
// that was carried out is answered as done, one that was not is 1018, and one whose outcome
// cannot be learnt (the database out of reach) is 500, never 1018.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sealItem } from '../shared/protocol/envelope.js';
import { createDatabase } from '../server/test-support/pg-cluster.js';
import type { SignedClient, TestOrg } from '../server/test-support/signed-client.js';
import { UPLOAD_COPY, type FaultProxy } from './support/pg-fault-proxy.js';
import { startPgExchange, type PgExchange } from './support/pg-exchange.js';

let world: PgExchange;
let proxy: FaultProxy;
let client: SignedClient;
let irb: TestOrg & { cert: string };
let container = '';
let logs: string[] = [];

beforeAll(async () => {
  world = await startPgExchange(await createDatabase(inject('pgAdminUrl')), 'Commit IRB', {
    params: 'statement_timeout=1000&query_timeout=1500',
  });
  ({ client, irb, container, logs } = world);
  proxy = world.proxy!;
});

afterAll(() => world?.close());

/** POSTs an item into the folder while the proxy cuts its COMMIT; the answer, and the folder's items after. */
async function postWithCut(
  folder: string,
  when: 'before' | 'after',
  freeze = false,
): Promise<{ status: number; code: number | undefined; stored: number }> {
  const cut = proxy.cutNextCommit(UPLOAD_COPY, when, { freeze });
  const r = await client.post(
    irb,
    `${container}/items/${folder}`,
    sealItem({ header: { type: 'study', version: 'IRBX.2' }, content: Buffer.from(folder) }, irb.cert),
  );
  await cut;
  proxy.thaw();
  let listed = await client.get(irb, `${container}/items/${folder}`);
  for (let i = 0; listed.status !== 200 && i < 50; i++) listed = await client.get(irb, `${container}/items/${folder}`);
  expect(listed.status).toBe(200);
  return { status: r.status, code: r.status >= 400 ? r.json().code : undefined, stored: listed.json().length };
}

describe("an upload's COMMIT cut off", () => {
  it('carried out but unanswered: answered 201, the item stored once', async () => {
    expect(await postWithCut('after', 'after')).toEqual({ status: 201, code: undefined, stored: 1 });
  });

  it('never carried out: answered 503 (1018), nothing stored, so sending it again is safe', async () => {
    expect(await postWithCut('before', 'before')).toEqual({ status: 503, code: 1018, stored: 0 });
  });

  it('with the database out of reach to ask: answered 500, not 1018', async () => {
    const r = await postWithCut('unknown', 'after', true);
    expect(r.status).toBe(500);
    expect(r.code).toBe(1);
    expect(r.stored).toBe(1);
    expect(logs.some((l) => l.startsWith('write outcome unknown'))).toBe(true);
  });
});

describe("a new study's INSERT cut off once carried out", () => {
  it('is answered 201 (or 500), never 1018 with the study stored', async () => {
    const count = async (): Promise<number> => (await client.get(irb, '/containers')).json().length;
    const before = await count();
    const cut = proxy.cutNextCommit('INSERT INTO containers', 'after');
    const r = await client.post(irb, '/containers', {});
    await cut;
    const stored = (await count()) - before;
    // a 1018 would make the app send it again: a second study
    expect({ status: r.status, stored }).toEqual({ status: 201, stored: 1 });
  });
});
