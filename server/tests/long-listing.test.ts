// A listing larger than the socket buffers is sent as the client reads it, from a
// connection of its own: other requests are answered meanwhile, the listing is one
// snapshot, and a listing the client abandons frees its connection.
import { randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySigner, signRequest } from '../../shared/protocol/signing.js';
import { newRequestId, sha256Hex } from '../test-support/signed-client.js';
import { createWorld, payloadFor, type World, type WorldOrg } from '../test-support/world.js';
import { STORES } from '../test-support/stores.js';

describe.each(STORES)('on %s', (storeKind) => {
  // ~1.5 KB of JSON each: 30 MB in all, far more than loopback socket buffers hold
  const ITEMS = 20_000;

  let w: World;
  let containerId: string;

  beforeAll(async () => {
    w = await createWorld({ storeKind });
    containerId = (await w.client.post(w.sirb, '/containers', {})).json().id;
    const hex = (n: number): string => randomBytes(n).toString('hex');
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      path: `bulk|${String(i).padStart(6, '0')}`,
      header: randomBytes(600).toString('base64'),
      headerHash: hex(32),
      contentHash: hex(32),
      keyHash: hex(32),
      iv: hex(16),
      key: randomBytes(256).toString('base64'),
      contentLength: 16,
    }));
    await w.probe.insertItems(containerId, w.sirb.id, items, Date.now() - 60_000);
  }, 60_000);
  afterAll(async () => {
    await w.close();
  });

  /** A signed GET whose answer the test reads (or leaves unread) itself. */
  function openGet(org: WorldOrg, path: string): Promise<IncomingMessage> {
    const signed = signRequest(
      {
        method: 'GET',
        target: path,
        host: w.client.host,
        organizationId: org.id,
        requestId: newRequestId(),
        date: new Date(),
        payloadHash: sha256Hex(Buffer.alloc(0)),
      },
      keySigner(org.keyPem),
    );
    return new Promise((resolve, reject) => {
      // a connection of its own: a kept-alive one may have been closed by the server while the
      // bulk insert held this process past the keep-alive timeout (ECONNRESET on reuse)
      const req = request(
        {
          host: '127.0.0.1',
          port: w.server.port,
          method: 'GET',
          path,
          headers: { 'User-Agent': 'server-tests/1.0', ...signed.headers },
          setHost: false,
          agent: false,
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** The bytes of a signed GET, for sending several on one connection at once (pipelining), and its request id. */
  function rawGet(org: WorldOrg, path: string): { bytes: string; requestId: string } {
    const requestId = newRequestId();
    const signed = signRequest(
      {
        method: 'GET',
        target: path,
        host: w.client.host,
        organizationId: org.id,
        requestId,
        date: new Date(),
        payloadHash: sha256Hex(Buffer.alloc(0)),
      },
      keySigner(org.keyPem),
    );
    const headers: Record<string, string> = {
      'User-Agent': 'server-tests/1.0',
      Host: w.client.host,
      ...signed.headers,
    };
    return {
      bytes: `GET ${path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n`,
      requestId,
    };
  }

  function readRest(res: IncomingMessage, first: Buffer[]): Promise<string> {
    const chunks = [...first];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.resume();
    return new Promise((resolve, reject) => {
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
  }

  const logged = (fragment: string): number => w.logs.findIndex((l) => l.includes(fragment));

  /** Whether a listing is still reading rows (its read holds a snapshot open). */
  const noReadOpen = async (): Promise<boolean> => !(await w.probe.readOpen());

  describe('a listing larger than the socket buffers', () => {
    it('waits for a slow reader while other requests are answered, and is one snapshot', async () => {
      const listPath = `/containers/${containerId}/items?recurse=true`;
      const listLog = `GET /containers/${containerId}/items 200 `;
      const res = await openGet(w.sirb, listPath);
      expect(res.statusCode).toBe(200);
      res.pause();
      // the listing is still being sent (it waits for the client) when these are answered
      const written = await w.client.put(
        w.sirb,
        `/containers/${containerId}/items/bulk/written-meanwhile`,
        payloadFor(w.sirb),
      );
      expect(written.status).toBe(201);
      expect((await w.client.get(w.sirb, `/containers/${containerId}`)).status).toBe(200);
      expect(logged(listLog)).toBe(-1);
      const putAt = logged(`PUT /containers/${containerId}/items/bulk/written-meanwhile 201`);
      expect(putAt).toBeGreaterThanOrEqual(0);
      // rows are read as the client takes them: the listing's read is still open
      expect(await noReadOpen()).toBe(false);

      const items = JSON.parse(await readRest(res, [])) as { id: string }[];
      expect(items).toHaveLength(ITEMS);
      expect(items.some((i) => i.id === 'bulk|written-meanwhile')).toBe(false);
      expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort());
      // the listing finished after the write it did not include, and its read is closed
      expect(logged(listLog)).toBeGreaterThan(putAt);
      await expect.poll(noReadOpen, { timeout: 10_000 }).toBe(true);

      const again = (await w.client.get(w.sirb, listPath)).json() as { id: string }[];
      expect(again).toHaveLength(ITEMS + 1);
    });

    it('abandoned by its client, it ends and frees its connection; later listings and writes work', async () => {
      const listPath = `/containers/${containerId}/items/bulk?recurse=true`;
      const listLog = `GET /containers/${containerId}/items/bulk 200 (answer not sent)`;
      for (let i = 0; i < 4; i++) {
        const before = w.logs.length;
        const res = await openGet(w.sirb, listPath);
        const first = await new Promise<Buffer>((resolve) => res.once('data', resolve));
        expect(first.toString('latin1', 0, 8)).toBe('[{"id":"');
        res.destroy();
        // the handler ends (its log line comes) rather than wait for a drain that never comes
        await expect
          .poll(() => w.logs.slice(before).some((l) => l.startsWith(listLog)), { timeout: 10_000 })
          .toBe(true);
        expect(w.logs.slice(before).filter((l) => l.includes('error'))).toEqual([]);
      }
      const put = await w.client.put(
        w.sirb,
        `/containers/${containerId}/items/bulk/after-abandoned`,
        payloadFor(w.sirb),
      );
      expect(put.status).toBe(201);
      await expect.poll(noReadOpen, { timeout: 10_000 }).toBe(true);
      const full = (await w.client.get(w.sirb, listPath)).json() as unknown[];
      expect(full).toHaveLength(ITEMS + 2);
    });

    it('queued behind another answer on the same connection (pipelining), it ends when the connection closes', async () => {
      const listPath = `/containers/${containerId}/items/bulk?recurse=true`;
      // a queued answer has not begun when its listing has not written yet: its status is '-' then
      const notSent = new RegExp(`^GET /containers/${containerId}/items/bulk (200|-) \\(answer not sent\\) `);
      const before = w.logs.length;
      const socket = connect(w.server.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const [first, second] = [rawGet(w.sirb, listPath), rawGet(w.sirb, listPath)];
      socket.write(first.bytes + second.bytes);
      // the first answer has begun; the second waits behind it, its rows not read yet
      await new Promise((resolve) => socket.once('data', resolve));
      socket.pause();
      expect(
        (await w.client.put(w.sirb, `/containers/${containerId}/items/bulk/while-pipelined`, payloadFor(w.sirb)))
          .status,
      ).toBe(201);
      expect(await noReadOpen()).toBe(false);
      // The server has taken the second request (its id is recorded) and its listing reads:
      // on SQLite its read opens in the same turn as the id is recorded (no wait between);
      // on PostgreSQL it waits for its connection and COPY, so both reads are counted. The count
      // is of every open transaction of the exchange's, and a loaded machine has been seen to hold
      // more than these two for a while: at least both, then none once the connection is gone.
      await expect.poll(() => w.probe.requestSeen(w.sirb.id, second.requestId), { timeout: 10_000 }).toBe(true);
      if (storeKind === 'postgres')
        await expect.poll(() => w.probe.readsOpen(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      socket.destroy();
      // both end, are logged as not sent, and free their connections
      await expect.poll(() => w.logs.slice(before).filter((l) => notSent.test(l)).length, { timeout: 10_000 }).toBe(2);
      await expect.poll(() => noReadOpen(), { timeout: 10_000 }).toBe(true);
    });

    it('writes every item whole across its pieces, paths in any script included', async () => {
      const other = (await w.client.post(w.sirb, '/containers', {})).json().id as string;
      // ~5 KB of JSON each, 2 to 4 bytes per character in the names: many pieces of the answer
      const paths = Array.from(
        { length: 1500 },
        (_, i) => `wide|ü€${'😀'.repeat(i % 7)}${'名'.repeat(100 + (i % 13))}${String(i).padStart(5, '0')}`,
      );
      const fields = {
        header: randomBytes(600).toString('base64'),
        headerHash: 'a'.repeat(64),
        contentHash: 'b'.repeat(64),
        keyHash: 'c'.repeat(64),
        iv: 'd'.repeat(32),
        key: randomBytes(256).toString('base64'),
        contentLength: 16,
      };
      await w.probe.insertItems(
        other,
        w.sirb.id,
        paths.map((path) => ({ path, ...fields })),
        Date.now() - 60_000,
      );
      const r = await w.client.get(w.sirb, `/containers/${other}/items/wide?recurse=true`);
      expect(r.status).toBe(200);
      const items = r.json() as { id: string; header: string }[];
      // in byte order, as the databases sort paths
      expect(items.map((i) => i.id)).toEqual([...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
      expect(items.every((i) => i.header === fields.header)).toBe(true);
    });

    // last: it closes the server the other tests share
    it('closing the server while a listing waits for its client ends the listing, then closes every database handle', async () => {
      const res = await openGet(w.sirb, `/containers/${containerId}/items?recurse=true`);
      res.pause();
      res.on('error', () => undefined);
      expect(await w.probe.connections()).toBeGreaterThan(0);
      await w.server.close();
      // (a PostgreSQL backend leaves pg_stat_activity a moment after its connection closed)
      await expect.poll(() => w.probe.connections(), { timeout: 5000 }).toBe(0);
    });
  });
});
