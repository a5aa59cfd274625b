// Issue 27: a download streams inside one REPEATABLE READ transaction, so a client that stops
// reading kept its snapshot, and with it backend_xmin, for as long as it liked: VACUUM could
// reclaim no replaced chunk anywhere in the cluster meanwhile. A streaming read now keeps its
// snapshot at most read_snapshot_timeout (10 min by default; 1.5 s here): then its backend is
// terminated and the answer cut. Nothing else is touched: the next download is served whole.
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openContent, openItemKey } from '../../shared/protocol/envelope.js';
import { startExchange, type RunningExchange } from '../index.js';
import { timeoutsFromUrl } from '../store/postgres/pg-timeouts.js';
import { SignedClient } from '../test-support/signed-client.js';
import { createWorld, payloadFor, type World } from '../test-support/world.js';

const BOUND_MS = 1500;
/** Far more than loopback socket buffers take, so a download that is not read stalls. */
const CONTENT_BYTES = 24 * 1024 * 1024;

let w: World;
let server: RunningExchange;
let observer: pg.Client;

beforeAll(async () => {
  w = await createWorld({ storeKind: 'postgres' });
  const url = new URL(w.store.databaseUrl!);
  url.searchParams.set('read_snapshot_timeout', String(BOUND_MS));
  server = await startExchange({ databaseUrl: url.toString(), log: () => undefined });
  observer = new pg.Client({ connectionString: w.store.databaseUrl });
  await observer.connect();
});
afterAll(async () => {
  await observer?.end();
  await server?.close();
  await w?.close();
});

/** Backends of the server's database holding back the cluster's xmin. */
async function xminHolders(): Promise<number> {
  const r = await observer.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'study-exchange' AND backend_xmin IS NOT NULL",
  );
  return r.rows[0]!.n;
}

it('the default bound is 10 minutes, and the URL may set it', () => {
  expect(timeoutsFromUrl('postgres://u@h/d').timeouts.readSnapshotMs).toBe(600_000);
  expect(timeoutsFromUrl('postgres://u@h/d?read_snapshot_timeout=5000')).toMatchObject({
    url: 'postgres://u@h/d',
    timeouts: { readSnapshotMs: 5000 },
  });
});

it('a download whose client stops reading holds backend_xmin no longer than the bound; its answer is cut', async () => {
  const container = (await w.client.post(w.sirb, '/containers', {})).json<{ url: string }>().url;
  const big = payloadFor(w.sirb, randomBytes(CONTENT_BYTES), 'document');
  expect((await w.client.put(w.sirb, `${container}/items/big`, big)).status).toBe(201);
  expect(await xminHolders()).toBe(0);

  const r = new SignedClient(server.port).signed(w.sirb, { method: 'GET', path: `${container}/content/big` });
  const socket = connect(server.port, '127.0.0.1');
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  socket.on('error', () => undefined);
  const head = Object.entries(r.headers)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`GET ${r.path} HTTP/1.1\r\n${head}\r\n`);
  // read the status line, then nothing more
  const status = await new Promise<string>((resolve) =>
    socket.once('data', (d: Buffer) => resolve(d.toString('latin1', 0, 12))),
  );
  socket.pause();
  expect(status).toBe('HTTP/1.1 200');
  // while the client stalls, the read's snapshot holds back xmin
  expect(await xminHolders()).toBe(1);

  let held = Date.now() - started;
  while ((await xminHolders()) > 0) {
    held = Date.now() - started;
    // past the bound by more than the time a terminate takes, the bound failed
    expect(held).toBeLessThan(BOUND_MS + 5000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(held).toBeGreaterThanOrEqual(BOUND_MS - 100);
  // the answer was cut: the server closed the connection before the body's end
  socket.resume();
  expect(await closed).toBeLessThan(BOUND_MS + 5000);

  // the terminated connection was not handed on: the next download is served whole
  const whole = await w.client.get(w.sirb, `${container}/content/big`);
  expect(whole.status).toBe(200);
  const item = whole.json();
  expect(openContent(item, openItemKey(item, w.sirb.keyPem)).length).toBe(CONTENT_BYTES);
  // its read commits after the answer's last byte went out, which the client may have first
  await expect.poll(xminHolders, { timeout: 10_000 }).toBe(0);
});
