// Two server processes on one PostgreSQL database, as behind a load balancer: requests
// alternate between them, and each sees at once what the other wrote, granted or revoked;
// a request id used on one node is a replay on the other. The sandbox and migrate commands
// work on the database as they do on a data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openContent, openItemKey, sealItem } from '../../shared/protocol/envelope.js';
import {
  runCliToEnd,
  runSandbox,
  SANDBOX_CAST,
  startChildServer,
  type ChildServer,
} from '../test-support/child-server.js';
import { createDatabase } from '../test-support/pg-cluster.js';
import { newRequestId, SignedClient, type TestOrg } from '../test-support/signed-client.js';

let dir: string;
let databaseUrl: string;
let nodes: ChildServer[] = [];
let a: SignedClient;
let b: SignedClient;
let irb: TestOrg & { cert: string };
let site: TestOrg & { cert: string };
let lakeside: TestOrg & { cert: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'exchange-two-nodes-'));
  databaseUrl = await createDatabase(inject('pgAdminUrl'));
  const orgs = await runSandbox({ databaseUrl }, join(dir, 'out'));
  expect(orgs.map((o) => [o.name, o.role])).toEqual(SANDBOX_CAST);
  [irb, site, lakeside] = [orgs[1]!, orgs[2]!, orgs[3]!];
  nodes = await Promise.all([startChildServer({ databaseUrl }), startChildServer({ databaseUrl })]);
  a = new SignedClient(nodes[0]!.port);
  b = new SignedClient(nodes[1]!.port);
});

afterAll(async () => {
  for (const n of nodes) {
    if (n.child.exitCode === null && n.child.signalCode === null) {
      n.child.kill('SIGTERM');
      await n.exited;
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('two server processes on one database', () => {
  let container = '';

  it('a write on one node is read on the other at once, alternating', async () => {
    const created = await a.post(irb, '/containers', {});
    expect(created.status).toBe(201);
    container = created.json().url;
    expect((await b.get(irb, container)).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      const content = Buffer.from(`version ${i}`);
      const put = await writer.put(
        irb,
        `${container}/items/notes/doc`,
        sealItem({ header: { type: 'document', version: 'IRBX.2' }, content }, irb.cert),
      );
      expect(put.status).toBe(i === 0 ? 201 : 200);
      const got = await reader.get(irb, `${container}/content/notes/doc`);
      expect(got.status).toBe(200);
      const item = got.json();
      expect(openContent(item, openItemKey(item, irb.keyPem)).toString()).toBe(`version ${i}`);
    }
    const listed = (await b.get(irb, `${container}/items?recurse=true`)).json() as { id: string }[];
    expect(listed.map((x) => x.id)).toEqual(['notes|doc']);
    expect((await a.delete(irb, `${container}/items/notes/doc`)).status).toBe(204);
    expect((await b.get(irb, `${container}/content/notes/doc`)).status).toBe(404);
  });

  it('grants and revocations on one node hold at once on the other', async () => {
    const sealed = sealItem(
      { header: { type: 'document', version: 'IRBX.2' }, content: Buffer.from('shared') },
      irb.cert,
    );
    expect((await a.put(irb, `${container}/items/shared`, sealed)).status).toBe(201);
    expect((await b.get(site, container)).status).toBe(404);
    expect((await a.post(irb, `${container}/organizations`, { organizationId: site.id })).status).toBe(200);
    expect((await b.get(site, container)).status).toBe(200);
    expect((await b.get(site, `${container}/content/shared`)).status).toBe(404);
    const key = sealItem({ header: { type: 'x', version: 'IRBX.2' }, content: Buffer.alloc(1) }, site.cert).key;
    // the item's key wrapped for the site: the owner unwraps and re-wraps it in the app; any valid Base-64 stands for it here
    expect((await b.post(irb, `${container}/permissions/shared`, { organizationId: site.id, key })).status).toBe(200);
    const seen = await a.get(site, `${container}/content/shared`);
    expect(seen.status).toBe(200);
    expect(seen.json().key).toBe(key);
    expect((await a.delete(irb, `${container}/permissions/shared`, { organizationId: site.id })).status).toBe(200);
    expect((await b.get(site, `${container}/content/shared`)).status).toBe(404);
    expect((await b.delete(irb, `${container}/organizations`, { organizationId: site.id })).status).toBe(200);
    expect((await a.get(site, container)).status).toBe(404);
    expect((await a.get(lakeside, container)).status).toBe(404);
  });

  it('a request id used on one node is refused (2005) on the other', async () => {
    const id = newRequestId();
    expect((await a.get(irb, '/ping/site', { requestId: id })).status).toBe(200);
    const replay = await b.get(irb, '/ping/site', { requestId: id });
    expect(replay.status).toBe(401);
    expect(replay.json().code).toBe(2005);
    // sent to both at the same moment: exactly one node takes it
    for (let i = 0; i < 10; i++) {
      const same = newRequestId();
      const statuses = (
        await Promise.all([
          a.get(site, '/ping/site', { requestId: same }),
          b.get(site, '/ping/site', { requestId: same }),
        ])
      )
        .map((r) => r.status)
        .sort();
      expect(statuses).toEqual([200, 401]);
    }
  });

  it('migrate finds the schema current; EXCHANGE_DATABASE_URL names the database', async () => {
    const r = await runCliToEnd(['migrate'], { ...process.env, EXCHANGE_DATABASE_URL: databaseUrl });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/database schema is current \(version \d+\)/);
    const again = await runCliToEnd(['sandbox', '--database', databaseUrl, '--out', join(dir, 'out2')]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already holds organizations');
    expect(nodes[0]!.output()).toMatch(
      /listening on http:\/\/localhost:\d+ \(database 127\.0\.0\.1:\d+\/exchange_test_[0-9a-f]+, port \d+\)/,
    );
  });
});
