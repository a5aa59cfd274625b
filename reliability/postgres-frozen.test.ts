// The network to PostgreSQL freezes (packets dropped, nothing closed): a request is answered
// 503 (code 1018, Retry-After) within the store's timeouts instead of waiting forever, a
// download cut off mid-stream ends instead of hanging, a download whose client reads slowly
// is never cut, and once the network thaws the same server serves again. The timeouts are
// set short in the database URL, so the test takes seconds.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sealItem } from '../shared/protocol/envelope.js';
import { BUSY_RETRY_AFTER_SECONDS } from '../server/http/responses.js';
import type { RunningExchange } from '../server/index.js';
import { createDatabase } from '../server/test-support/pg-cluster.js';
import type { SignedClient, TestOrg } from '../server/test-support/signed-client.js';
import type { FaultProxy } from './support/pg-fault-proxy.js';
import { startPgExchange, type PgExchange } from './support/pg-exchange.js';

const TIMEOUTS =
  'statement_timeout=1000&query_timeout=1500&stream_read_timeout=1500&lock_timeout=1000&idle_in_transaction_session_timeout=5000';
/** The pool's connection timeout (3 s) and a statement's limit (1.5 s), with room for a loaded machine. */
const ANSWERED_WITHIN_MS = 8000;
/** Far more than the socket buffers between PostgreSQL and the server hold: a download cannot be read ahead whole. */
const CONTENT_BYTES = 32 * 1024 * 1024;

let world: PgExchange;
let proxy: FaultProxy;
let server: RunningExchange;
let client: SignedClient;
let irb: TestOrg & { cert: string };
let container = '';

beforeAll(async () => {
  world = await startPgExchange(await createDatabase(inject('pgAdminUrl')), 'Frozen IRB', { params: TIMEOUTS });
  ({ server, client, irb, container } = world);
  proxy = world.proxy!;
});

afterAll(() => world?.close());

interface Download {
  readonly status: number;
  /** Resolves with the body once the answer ends, or with what came when the connection closed early. */
  readonly body: Promise<{ bytes: Buffer; complete: boolean }>;
  pause(): void;
  resume(): void;
}

/** A signed GET read as a stream, which the test pauses and resumes. */
function download(path: string): Promise<Download> {
  const r = client.signed(irb, { method: 'GET', path });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port: server.port,
        host: '127.0.0.1',
        method: 'GET',
        path,
        headers: r.headers as Record<string, string>,
        agent: false,
      },
      (res) => {
        const pieces: Buffer[] = [];
        const body = new Promise<{ bytes: Buffer; complete: boolean }>((done) => {
          res.on('data', (b: Buffer) => pieces.push(b));
          res.on('end', () => done({ bytes: Buffer.concat(pieces), complete: res.complete }));
          res.on('error', () => done({ bytes: Buffer.concat(pieces), complete: false }));
          res.on('close', () => done({ bytes: Buffer.concat(pieces), complete: res.complete }));
        });
        resolve({ status: res.statusCode!, body, pause: () => res.pause(), resume: () => res.resume() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number): Promise<void> => new Promise((res) => setTimeout(res, ms));

describe('the network to PostgreSQL freezes', () => {
  let whole: Buffer;

  it('a download read slowly, with pauses longer than the read timeout, is never cut', async () => {
    const put = await client.put(
      irb,
      `${container}/items/big`,
      sealItem({ header: { type: 'study', version: 'IRBX.2' }, content: randomBytes(CONTENT_BYTES) }, irb.cert),
    );
    expect(put.status).toBe(201);
    whole = (await client.get(irb, `${container}/content/big`)).body;
    const d = await download(`${container}/content/big`);
    expect(d.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      d.pause();
      await sleep(2500);
      d.resume();
      await sleep(100);
    }
    const got = await d.body;
    expect(got.complete).toBe(true);
    expect(got.bytes.equals(whole)).toBe(true);
  });

  it('a request is answered 503 (1018, Retry-After) within the timeouts, and served again after the thaw', async () => {
    expect((await client.post(irb, '/containers', {})).status).toBe(201);
    proxy.freeze();
    try {
      const started = Date.now();
      const r = await client.post(irb, '/containers', {});
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
      expect(r.status).toBe(503);
      expect(r.json()).toMatchObject({ code: 1018, status: 503 });
      expect(r.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    } finally {
      proxy.thaw();
    }
    const thawed = Date.now();
    let status = 0;
    while (Date.now() - thawed < 15_000 && status !== 201) status = (await client.post(irb, '/containers', {})).status;
    expect(status).toBe(201);
  });

  it('a download whose database goes silent mid-stream ends instead of hanging', async () => {
    // the network freezes once the content's answer is under way: frozen before its first
    // bytes, a read may wait far longer (a scan that filters long before its first row, pg-timeouts.ts)
    proxy.freezeAfter(CONTENT_BYTES / 8);
    const started = Date.now();
    try {
      const d = await download(`${container}/content/big`);
      expect(d.status).toBe(200);
      const got = await d.body;
      expect(got.complete).toBe(false);
      expect(got.bytes.length).toBeLessThan(whole.length);
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    } finally {
      proxy.thaw();
    }
    const thawed = Date.now();
    let again = await client.get(irb, `${container}/content/big`);
    while (again.status !== 200 && Date.now() - thawed < 15_000)
      again = await client.get(irb, `${container}/content/big`);
    expect(again.body.equals(whole)).toBe(true);
  });
});
