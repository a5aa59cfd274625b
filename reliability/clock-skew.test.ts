// A server clock 5 minutes off (either way): the client's first request is refused with
// 2004, the client learns the offset from the answer, corrects once, reports it once, and
// every later request goes through without another refusal.
import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySigner } from '../shared/protocol/signing.js';
import { startExchange, type RunningExchange } from '../server/index.js';
import { SignedClient } from '../server/test-support/signed-client.js';
import { ExchangeClient } from '../electron/services/exchange-client.js';
import { createCast, type Cast } from './support/cast.js';

const FIVE_MINUTES = 5 * 60_000;

let cast: Cast;
beforeAll(async () => {
  cast = await createCast('skew');
});
afterAll(() => {
  cast?.remove();
});

describe.each([
  ['ahead', FIVE_MINUTES],
  ['behind', -FIVE_MINUTES],
])('server clock 5 minutes %s', (_name, offset) => {
  let server: RunningExchange;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startExchange({ dataDir: cast.dataDir, now: () => Date.now() + offset, log: (l) => logs.push(l) });
  });
  afterAll(async () => {
    await server.close();
  });

  it("the 2004 refusal carries the server's own time (Date header), so a client can correct", async () => {
    const raw = new SignedClient(server.port);
    const r = await raw.get(cast.sirb, '/ping/sirb');
    expect(r.status).toBe(401);
    expect(r.json().code).toBe(2004);
    const serverDate = Date.parse(String(r.headers.date));
    expect(Math.abs(serverDate - (Date.now() + offset)), `Date: ${r.headers.date}`).toBeLessThan(3000);
    logs.length = 0;
  });

  it('detects the skew, corrects once, reports it once', async () => {
    const reported: number[] = [];
    const client = new ExchangeClient({
      baseUrl: server.url,
      organizationId: cast.sirb.id,
      signer: keySigner(createPrivateKey(cast.sirb.keyPem)),
      retry: { attempts: 1, baseDelayMs: 1 },
      onClockSkew: (ms) => reported.push(ms),
    });
    try {
      expect(await client.pingSirb()).toBe('pong');
      // a POST too: the corrected retry is safe because 2004 refuses before acting
      const study = await client.createContainer();
      for (let i = 0; i < 5; i++) expect((await client.getContainer(study.id)).id).toBe(study.id);
      expect(reported).toHaveLength(1);
      // the Date header has 1 s resolution; the test machine adds a little more
      expect(Math.abs(reported[0]! - offset)).toBeLessThan(3000);
      expect(Math.abs(client.clockSkewMs - offset)).toBeLessThan(3000);
      const refusals = logs.filter((l) => / 401 \d+ms /.test(l));
      expect(refusals).toHaveLength(1);
      expect(logs.filter((l) => / 20[01] \d+ms /.test(l)).length).toBe(7);
    } finally {
      client.close();
    }
  });

  it('a client that already knows the skew is never refused', async () => {
    const before = logs.filter((l) => / 401 /.test(l)).length;
    const reported: number[] = [];
    const client = new ExchangeClient({
      baseUrl: server.url,
      organizationId: cast.site.id,
      signer: keySigner(createPrivateKey(cast.site.keyPem)),
      clockSkewMs: offset,
      onClockSkew: (ms) => reported.push(ms),
    });
    try {
      expect(await client.pingSite()).toBe('pong');
      expect(reported).toEqual([]);
      expect(logs.filter((l) => / 401 /.test(l)).length).toBe(before);
    } finally {
      client.close();
    }
  });
});
