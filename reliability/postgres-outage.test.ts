// PostgreSQL stopped at once (`pg_ctl stop -m immediate`, as a crash) while uploads run,
// then started again: while it is down every request is answered 503 (code 1018, with
// Retry-After) instead of hanging; nothing acknowledged is lost, nothing unacknowledged is
// half there; and the same server process serves again once the database is back, without
// a restart. On a cluster of the test's own: the run's shared cluster is never stopped.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContent, openItemKey, sealItem } from '../shared/protocol/envelope.js';
import { BUSY_RETRY_AFTER_SECONDS } from '../server/http/responses.js';
import { startExchange, type RunningExchange } from '../server/index.js';
import { createDatabase, startPgCluster, type PgCluster } from '../server/test-support/pg-cluster.js';
import { probeStore } from '../server/test-support/store-probe.js';
import { SignedClient, type TestOrg, type TestResponse } from '../server/test-support/signed-client.js';
import { registerIrb } from './support/pg-exchange.js';
import { seeded } from './support/prng.js';
import { recordSummary } from './support/results.js';

let cluster: PgCluster;
let server: RunningExchange;
let client: SignedClient;
let irb: TestOrg & { cert: string };
let container = '';
let databaseUrl = '';
const logs: string[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await createDatabase(cluster.adminUrl);
  irb = await registerIrb(databaseUrl, 'Outage IRB');
  server = await startExchange({ databaseUrl, log: (l) => logs.push(l) });
  client = new SignedClient(server.port);
  container = (await client.post(irb, '/containers', {})).json().url;
});

afterAll(async () => {
  await server?.close();
  cluster?.destroy();
});

interface Upload {
  readonly path: string;
  readonly content: Buffer;
  status?: number;
  code?: number;
  ms?: number;
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('PostgreSQL stopped and started under writes', () => {
  it('503 while it is down, nothing acknowledged lost, and service resumes without a server restart', async () => {
    const rng = seeded(0x0b5e55ed);
    const uploads: Upload[] = [];
    let n = 0;
    let down = false;
    const answeredWhileDown: TestResponse[] = [];
    // writers keep uploading, one request at a time each, through the whole outage
    let stop = false;
    const writer = async (): Promise<void> => {
      while (!stop) {
        const u: Upload = { path: `outage/u${n++}`, content: rng.bytes(rng.int(1, 300 * 1024)) };
        uploads.push(u);
        const started = Date.now();
        const wasDown = down;
        const r = await client.put(
          irb,
          `${container}/items/${u.path}`,
          sealItem({ header: { type: 'study', version: 'IRBX.2' }, content: u.content }, irb.cert),
        );
        u.status = r.status;
        u.code = r.status === 503 ? r.json().code : undefined;
        u.ms = Date.now() - started;
        if (wasDown && down) answeredWhileDown.push(r);
        // 500: the database went away during the COMMIT and cannot say whether it was kept
        expect([201, 500, 503], r.text).toContain(r.status);
        if (r.status === 500)
          expect(r.json()).toMatchObject({
            code: 1,
            details: expect.stringContaining('whether it was saved is unknown'),
          });
        if (r.status === 503) await new Promise((res) => setTimeout(res, 50));
      }
    };
    const writers = [writer(), writer(), writer()];
    await new Promise((res) => setTimeout(res, 1500));
    const acknowledgedBefore = uploads.filter((u) => u.status === 201).length;
    expect(acknowledgedBefore).toBeGreaterThan(0);

    cluster.stopImmediately();
    down = true;
    await new Promise((res) => setTimeout(res, 3000));
    // a read is refused the same way
    const read = await client.get(irb, container);
    expect(read.status).toBe(503);
    expect(read.json()).toMatchObject({ code: 1018, status: 503 });
    // the same wait as every 1018 (one constant, sent in one place)
    expect(read.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    down = false;
    cluster.start();

    // the same server process serves again by itself
    const resumedAt = Date.now();
    let resumed: TestResponse | undefined;
    while (Date.now() - resumedAt < 30_000) {
      resumed = await client.get(irb, container);
      if (resumed.status === 200) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    expect(resumed?.status).toBe(200);
    await new Promise((res) => setTimeout(res, 1000));
    stop = true;
    await Promise.all(writers);

    // while down: refused, with 1018, promptly (the pool's 3 s connection timeout at most)
    expect(answeredWhileDown.length).toBeGreaterThan(0);
    for (const r of answeredWhileDown) expect(r.json()).toMatchObject({ code: 1018, status: 503 });
    const refused = uploads.filter((u) => u.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(Math.max(...refused.map((u) => u.ms!))).toBeLessThan(10_000);
    expect(
      uploads.filter((u) => u.status === 201 && uploads.indexOf(u) > uploads.indexOf(refused.at(-1)!)).length,
    ).toBeGreaterThan(0);

    // every acknowledged upload is there and whole; a refused one is absent or whole
    let lost = 0;
    let refusedButStored = 0;
    for (const u of uploads) {
      const r = await client.get(irb, `${container}/content/${u.path}`);
      expect([200, 404]).toContain(r.status);
      if (r.status === 200) {
        const item = r.json();
        expect(sha(openContent(item, openItemKey(item, irb.keyPem)))).toBe(sha(u.content));
        if (u.status === 503) refusedButStored++;
      } else if (u.status === 201) {
        lost++;
      }
    }
    expect(lost).toBe(0);
    // 1018 says nothing was kept: the client sends it again, so a refused upload stored would be a duplicate
    expect(refusedButStored).toBe(0);
    // nothing half there: no content without its item (nor the reverse), no key of an item that is gone
    const probe = probeStore({ databaseUrl });
    try {
      expect(await probe.storedContents()).toEqual(await probe.referencedContents());
      expect(await probe.orphanKeys()).toBe(0);
    } finally {
      await probe.close();
    }
    expect(logs.some((l) => l.includes('store unavailable'))).toBe(true);
    recordSummary(
      `postgres outage: ${uploads.length} uploads, ${uploads.filter((u) => u.status === 201).length} acknowledged, ${refused.length} refused 503 (slowest ${Math.max(...refused.map((u) => u.ms!))} ms), ${refusedButStored} refused yet committed, ${uploads.filter((u) => u.status === 500).length} of unknown outcome, ${lost} lost`,
    );
  });
});
