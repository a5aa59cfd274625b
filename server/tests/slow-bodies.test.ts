// Issue 27: strangers who know only an organization's id must not keep its uploads, or the
// node's, refused. Four sockets that claim a real organization, declare 256 MiB and trickle
// a byte now and then once made every upload of the node 503, and four under a victim's id
// blocked the victim, for as long as they stayed. Now a peer address holds at most a quarter
// of the bytes in flight and its own slots of an organization, and a body that falls behind
// the pace of docs/protocol.md §6 is cut with 408 (1021) and its reservation freed. The pace
// is scaled down here (bodyStallMs); body-pace.test.ts checks the default thresholds on a
// fake clock, and the CLI's help shows them.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySigner, signRequest } from '../../shared/protocol/signing.js';
import { startExchange, type RunningExchange } from '../index.js';
import { runCliToEnd } from '../test-support/child-server.js';
import { newRequestId, SignedClient, sha256Hex, type TestResponse } from '../test-support/signed-client.js';
import { createWorld, payloadFor, studyWithSite, type World, type WorldOrg } from '../test-support/world.js';

const MIB = 1024 * 1024;

let w: World;
let c: string;

beforeAll(async () => {
  w = await createWorld();
  c = await studyWithSite(w);
});
afterAll(async () => {
  await w.close();
});

interface Trickle {
  /** The answer: status and code, or status -1 when the connection went without one. */
  readonly answer: Promise<{ status: number; code?: number; details?: string }>;
  stop(): void;
}

/**
 * A stranger's upload: it claims `victim` but signs with another key (it has none of the
 * victim's), declares `declared` bytes, and sends one byte every `everyMs`.
 */
function trickle(
  server: RunningExchange,
  victim: WorldOrg,
  signer: WorldOrg,
  i: number,
  o: { declared: number; everyMs: number; localAddress?: string; forwardedFor?: string },
): Trickle {
  const target = `${c}/items/trickle-${i}`;
  const signed = signRequest(
    {
      method: 'PUT',
      target,
      host: `localhost:${server.port}`,
      organizationId: victim.id,
      requestId: newRequestId(),
      date: new Date(),
      payloadHash: sha256Hex(Buffer.from('{}')),
    },
    keySigner(signer.keyPem),
  );
  const headers: Record<string, string | number> = {
    ...signed.headers,
    'User-Agent': 'stranger',
    'Content-Type': 'application/json',
    'Content-Length': o.declared,
  };
  if (o.forwardedFor) headers['X-Forwarded-For'] = o.forwardedFor;
  const req = request({
    host: '127.0.0.1',
    port: server.port,
    method: 'PUT',
    path: target,
    headers,
    ...(o.localAddress ? { localAddress: o.localAddress } : {}),
  });
  const answer = new Promise<{ status: number; code?: number; details?: string }>((resolve) => {
    req.on('response', (res) => {
      clearInterval(timer);
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => {
        const body = JSON.parse(text) as { code: number; details: string };
        resolve({ status: res.statusCode ?? 0, code: body.code, details: body.details });
      });
    });
    req.on('error', () => {
      clearInterval(timer);
      resolve({ status: -1 });
    });
  });
  req.write('{');
  const timer = setInterval(() => req.write(' '), o.everyMs);
  return {
    answer,
    stop: () => {
      clearInterval(timer);
      req.destroy();
    },
  };
}

/**
 * Resolves once uploads claiming `victim` from this address are refused 1018 (the strangers
 * hold its slots there), asking with forged uploads of that claim that cannot succeed.
 */
async function slotsHeld(
  client: SignedClient,
  victim: WorldOrg,
  forger: WorldOrg,
  headers: Record<string, string> = {},
): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const r = await client.put({ id: victim.id, keyPem: forger.keyPem }, `${c}/items/probe`, payloadFor(victim), {
      headers,
    });
    if (r.json().code === 1018) return;
    expect(r.json().code).toBe(2003);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the strangers never held the slots');
}

/** A real upload of the organization, sent again after each 1018 as its Retry-After asks (as the app does). */
async function uploadWaitingOutBusy(client: SignedClient, org: WorldOrg, path: string): Promise<TestResponse> {
  for (let busy = 0; ; busy++) {
    const r = await client.put(org, path, payloadFor(org));
    if (r.status !== 503 || r.json().code !== 1018 || busy >= 30) return r;
    await new Promise((resolve) => setTimeout(resolve, Number(r.headers['retry-after']) * 1000));
  }
}

describe('strangers trickling bodies', () => {
  it("four from another address, declaring 256 MiB each under the victim's id, reserve only what they send, neither block the victim nor the node, and are cut with 408", async () => {
    // the default budget (1 GiB, 4 uploads per organization): the four would fill it whole
    const server = await startExchange({ ...w.store, bodyStallMs: 4000, log: () => undefined });
    const strangers = Array.from({ length: 4 }, (_, i) =>
      trickle(server, w.sirb, w.site, i, { declared: 256 * MIB, everyMs: 500, localAddress: '127.0.0.2' }),
    );
    try {
      const client = new SignedClient(server.port);
      // what they declare reserves nothing (decisions §5: bytes are reserved as they arrive)
      let held = 0;
      for (const s of strangers) void s.answer.then(() => (held += 1));
      // the victim, and another organization, upload from their own address while they hold
      const victim = await client.put(w.sirb, `${c}/items/victim`, payloadFor(w.sirb, Buffer.alloc(2 * MIB, 1)));
      const other = await client.put(w.site, `${c}/items/other`, payloadFor(w.site, Buffer.alloc(2 * MIB, 2)));
      expect(victim.status, victim.text).toBe(201);
      expect(other.status, other.text).toBe(201);
      expect(held, 'the strangers still held their places while the uploads went through').toBe(0);
      // a byte every 0.5 s never stalls, but is far under 16 KiB/s: cut once 4 s have passed
      for (const s of strangers)
        expect(await s.answer).toMatchObject({
          status: 408,
          code: 1021,
          details: expect.stringMatching(/bytes\/s on average/),
        });
      // its reservation is free: a body as large as the address may hold goes at once
      const big = await client.put(w.sirb, `${c}/items/after`, payloadFor(w.sirb, Buffer.alloc(4 * MIB, 3)), {
        localAddress: '127.0.0.2',
      });
      expect(big.status, big.text).toBe(201);
    } finally {
      for (const s of strangers) s.stop();
      await server.close();
    }
  });

  it("four from the victim's own address hold its slots only until they are cut; the victim's upload, waiting out 1018, then succeeds", async () => {
    const server = await startExchange({ ...w.store, bodyStallMs: 1000, log: () => undefined });
    // a byte every 2 s: no byte for 1 s stalls the body
    const strangers = Array.from({ length: 4 }, (_, i) =>
      trickle(server, w.sirb, w.site, i, { declared: 4096, everyMs: 2000 }),
    );
    try {
      const client = new SignedClient(server.port);
      // the four hold the victim's four slots of this address
      await slotsHeld(client, w.sirb, w.site);
      const final = await uploadWaitingOutBusy(client, w.sirb, `${c}/items/waited`);
      expect(final.status, final.text).toBe(201);
      for (const s of strangers) expect(await s.answer).toMatchObject({ status: 408, code: 1021 });
    } finally {
      for (const s of strangers) s.stop();
      await server.close();
    }
  });

  it('a body that keeps a good pace past the stall time is not cut', async () => {
    const server = await startExchange({
      ...w.store,
      bodyStallMs: 1000,
      minBodyBytesPerSecond: 2048,
      log: () => undefined,
    });
    try {
      const client = new SignedClient(server.port);
      const signed = client.signed(w.sirb, {
        method: 'PUT',
        path: `${c}/items/steady`,
        body: payloadFor(w.sirb, Buffer.alloc(30 * 1024, 4)),
      });
      // 2 KiB every 100 ms (20 KiB/s, ten times the minimum) for about 2 s
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'PUT',
            path: signed.path,
            headers: signed.headers as Record<string, string>,
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        const body = signed.body!;
        let at = 0;
        const step = (): void => {
          const next = Math.min(body.length, at + 2048);
          req.write(body.subarray(at, next));
          at = next;
          if (at < body.length) setTimeout(step, 100);
          else req.end();
        };
        step();
      });
      expect(status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe('behind a load balancer (--trust-proxy)', () => {
  it("counts each client by the address the trusted proxy appended: strangers elsewhere hold none of the victim's slots", async () => {
    const server = await startExchange({
      ...w.store,
      trustProxy: ['127.0.0.1'],
      bodyStallMs: 60_000,
      log: () => undefined,
    });
    const strangers = Array.from({ length: 4 }, (_, i) =>
      trickle(server, w.sirb, w.site, i, { declared: 4096, everyMs: 100, forwardedFor: '198.51.100.7' }),
    );
    try {
      const client = new SignedClient(server.port);
      // a fifth from the strangers' address is refused: their four slots are taken
      await slotsHeld(client, w.sirb, w.site, { 'X-Forwarded-For': '198.51.100.7' });
      // what a client writes itself stands left of what the proxy appends, and is not read
      const victim = await client.put(w.sirb, `${c}/items/behind-proxy`, payloadFor(w.sirb), {
        headers: { 'X-Forwarded-For': '198.51.100.7, 198.51.100.8' },
      });
      expect(victim.status, victim.text).toBe(201);
    } finally {
      for (const s of strangers) s.stop();
      await server.close();
    }
  });

  it('without --trust-proxy, X-Forwarded-For is ignored: strangers cannot pick buckets of their own', async () => {
    const server = await startExchange({ ...w.store, bodyStallMs: 60_000, log: () => undefined });
    const strangers = Array.from({ length: 4 }, (_, i) =>
      trickle(server, w.sirb, w.site, i, { declared: 4096, everyMs: 100, forwardedFor: `198.51.100.${10 + i}` }),
    );
    try {
      const client = new SignedClient(server.port);
      await slotsHeld(client, w.sirb, w.site, { 'X-Forwarded-For': '198.51.100.99' });
    } finally {
      for (const s of strangers) s.stop();
      await server.close();
    }
  });
});

it('serve --help gives the pace and the proxy flags with the default thresholds', async () => {
  const help = await runCliToEnd(['--help'], process.env);
  expect(help.stdout).toMatch(/--trust-proxy ADDR/);
  expect(help.stdout).toMatch(/--body-stall-ms N[\s\S]*\(default 30000\)/);
  expect(help.stdout).toMatch(/--min-body-rate N[\s\S]*\(default 16384\)/);
});
