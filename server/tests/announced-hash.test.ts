// Issue 34, on both stores: a request that announces its payload hash in a signed
// Service-IrbX-Content-SHA256 is verified from its headers before a byte of its body is read
// (decisions §1), so a refusal reaches a client that sent `Expect: 100-continue` before it
// sends the body; a body that is not the one announced is refused (2003) and leaves nothing;
// and a verified request never counts against what strangers' unverified bodies may hold
// (decisions §5). Requests without the header (the original service's clients) still verify,
// and a server that does not know the header (the original service) verifies the same requests.
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_HASH_HEADER, keySigner, signRequest } from '../../shared/protocol/signing.js';
import { sendExpectingContinue } from '../test-support/expect-continue.js';
import { newRequestId, sha256Hex, type RawRequest, type TestResponse } from '../test-support/signed-client.js';
import { STORES } from '../test-support/stores.js';
import { createWorld, payloadFor, studyWithSite, type World, type WorldOrg } from '../test-support/world.js';

const KIB = 1024;
const MIB = 1024 * KIB;

function expectRefused(r: TestResponse, status: number, code: number): void {
  expect(r.status, r.text).toBe(status);
  expect(r.json().code).toBe(code);
}

/**
 * The org's signed request for `body`, announcing its hash; `sent` replaces the body after
 * signing (a body that is not the one signed, same length).
 */
function announcing(w: World, org: WorldOrg, method: string, path: string, body: Buffer, sent?: Buffer): RawRequest {
  return w.client.signed(org, {
    method,
    path,
    body,
    contentType: 'application/json',
    extraSignedHeaders: [[CONTENT_HASH_HEADER, sha256Hex(body)]],
    ...(sent ? { tamper: (r) => void (r.body = sent) } : {}),
  });
}

const partFiles = (w: World): string[] => readdirSync(w.server.tmpDir).filter((f) => f.endsWith('.part'));

interface Stranger {
  /** Resolves once the stranger's first `holding` bytes went out (and it trickles on). */
  readonly holding: Promise<void>;
  /** Whether the server has answered it (it should not have while it holds its reservation). */
  answered(): boolean;
  stop(): void;
}

/**
 * Someone who knows an organization's id but not its key: an upload claiming it, signed with
 * another key, from `localAddress`, that sends `holding` bytes at once and then waits (the
 * server's pace rule cuts it after 30 s, longer than the test).
 */
function stranger(w: World, c: string, claimed: WorldOrg, i: number, localAddress: string, holding: number): Stranger {
  const target = `${c}/items/stranger-${i}`;
  const signed = signRequest(
    {
      method: 'PUT',
      target,
      host: w.client.host,
      organizationId: claimed.id,
      requestId: newRequestId(),
      date: new Date(),
      payloadHash: sha256Hex(Buffer.from('{}')),
    },
    keySigner(w.spare.privateKeyPem),
  );
  let answered = false;
  const req = request({
    host: '127.0.0.1',
    port: w.server.port,
    method: 'PUT',
    path: target,
    localAddress,
    headers: {
      ...signed.headers,
      'User-Agent': 'stranger',
      'Content-Type': 'application/json',
      'Content-Length': Math.max(holding * 4, MIB),
    },
  });
  req.on('response', (res) => {
    answered = true;
    res.resume();
  });
  req.on('error', () => undefined);
  const holding$ = new Promise<void>((resolve) => {
    if (holding > 0) req.write(Buffer.alloc(holding, 0x20), () => resolve());
    else {
      req.flushHeaders();
      resolve();
    }
  });
  return { holding: holding$, answered: () => answered, stop: () => req.destroy() };
}

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;

  beforeAll(async () => {
    // small caps, so that a few strangers fill them: 4 MiB in all, 1 MiB per peer address
    // (and strangers cut only after 100 s without a byte, longer than any test here takes)
    w = await createWorld({
      storeKind,
      maxUnverifiedBytes: 4 * MIB,
      maxUploadsPerOrganization: 2,
      bodyStallMs: 100_000,
    });
    c = await studyWithSite(w);
    await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.site2.id });
  });
  afterAll(async () => {
    await w.close();
  });

  it('a signed, announced upload waits for 100 Continue, is saved, and reads back as sent', async () => {
    const payload = payloadFor(w.site, Buffer.alloc(256 * KIB, 7));
    const body = Buffer.from(JSON.stringify(payload));
    const r = await sendExpectingContinue(w.server.port, announcing(w, w.site, 'PUT', `${c}/items/announced`, body));
    expect(r.status, r.text).toBe(201);
    expect(r.continued).toBe(true);
    const read = await w.client.get(w.site, `${c}/items/announced`);
    expect(read.json().contentHash).toBe(payload.contentHash);
  });

  it('refusals come before the body: a forged signature (401), a pSite at an sIRB endpoint (403), too large (413)', async () => {
    const body = Buffer.from(JSON.stringify(payloadFor(w.site)));
    const forged = announcing(w, { ...w.site, keyPem: w.site2.keyPem }, 'PUT', `${c}/items/forged`, body);
    const refused = await sendExpectingContinue(w.server.port, forged);
    expectRefused(refused, 401, 2003);
    expect(refused.continued).toBe(false);
    // creating a container is an sIRB's
    const role = await sendExpectingContinue(
      w.server.port,
      announcing(w, w.site, 'POST', '/containers', Buffer.from('{}')),
    );
    expectRefused(role, 403, 2007);
    expect(role.continued).toBe(false);
    const huge = announcing(w, w.site, 'PUT', `${c}/items/huge`, body);
    const tooLarge = await sendExpectingContinue(w.server.port, {
      ...huge,
      headers: { ...huge.headers, 'Content-Length': 300 * MIB + 1 },
    });
    expectRefused(tooLarge, 413, 1016);
    expect(tooLarge.continued).toBe(false);
  });

  it('a body that is not the one announced is refused (2003) and leaves nothing: no item, no temporary file', async () => {
    const signed = Buffer.from(JSON.stringify(payloadFor(w.site, Buffer.alloc(2 * MIB, 1))));
    const sent = Buffer.from(JSON.stringify(payloadFor(w.site, Buffer.alloc(2 * MIB, 2))));
    expect(sent.length).toBe(signed.length);
    const claimed = sha256Hex(signed);
    const r = await sendExpectingContinue(
      w.server.port,
      announcing(w, w.site, 'PUT', `${c}/items/swapped`, signed, sent),
    );
    expectRefused(r, 401, 2003);
    expect(r.continued).toBe(true);
    expect(r.json().details).toContain(claimed);
    // (a path that is no item lists what is below it: nothing)
    expect((await w.client.get(w.site, `${c}/items/swapped`)).json()).toEqual([]);
    expect(partFiles(w)).toEqual([]);
  });

  it('a request without the header, as the original service’s clients send, still verifies', async () => {
    expect((await w.client.put(w.site, `${c}/items/plain`, payloadFor(w.site))).status).toBe(201);
    // and one that sends the header without signing it is read as before, not trusted
    const r = await w.client.put(w.site, `${c}/items/plain`, payloadFor(w.site), {
      headers: { [CONTENT_HASH_HEADER]: '0'.repeat(64) },
    });
    expect(r.status, r.text).toBe(200);
  });

  it('strangers holding every unverified byte and the slots do not delay a signed upload at all', async () => {
    // four addresses fill the node's 4 MiB of unverified bodies, 1 MiB each, and two uploads
    // from the site's own address claiming the site hold both its slots there
    const strangers = [2, 3, 4, 5].map((n) => stranger(w, c, w.site, n, `127.0.0.${n}`, MIB));
    strangers.push(stranger(w, c, w.site, 6, '127.0.0.1', 0), stranger(w, c, w.site, 7, '127.0.0.1', 0));
    try {
      await Promise.all(strangers.map((s) => s.holding));
      // (waited on, not probed: a probe's own bytes could take the last ones a stranger needs)
      while (w.server.unverifiedBytesInFlight() < 4 * MIB) await new Promise((resolve) => setTimeout(resolve, 25));
      // every byte is taken (another organization's unannounced upload waits its turn), and so
      // are the site's slots (its own unannounced upload waits too)
      await busyFor(w, w.site2, `${c}/items/waits-2`);
      await busyFor(w, w.site, `${c}/items/waits`);
      // the signed one goes at once, 3 MiB of it, while every stranger still holds its place
      const body = Buffer.from(JSON.stringify(payloadFor(w.site, Buffer.alloc(3 * MIB, 3))));
      const r = await sendExpectingContinue(w.server.port, announcing(w, w.site, 'PUT', `${c}/items/goes`, body));
      expect(r.status, r.text).toBe(201);
      expect(r.continued).toBe(true);
      expect(strangers.map((s) => s.answered())).toEqual(strangers.map(() => false));
      expect(w.server.unverifiedBytesInFlight()).toBe(4 * MIB);
    } finally {
      for (const s of strangers) s.stop();
    }
  });
});

/** Resolves once the organization's small unannounced upload is refused 1018 (the strangers' requests reached the server). */
async function busyFor(w: World, org: WorldOrg, path: string): Promise<void> {
  let last: TestResponse | undefined;
  for (let i = 0; i < 600; i++) {
    last = await w.client.put(org, path, payloadFor(org));
    if (last.status === 503) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expectRefused(last!, 503, 1018);
}

describe('a server that does not know the header (the original service)', () => {
  it('verifies the same announced requests, reading the body first', async () => {
    const w = await createWorld({ announcedHash: false });
    try {
      const c = await studyWithSite(w);
      const body = Buffer.from(JSON.stringify(payloadFor(w.site)));
      const r = await sendExpectingContinue(w.server.port, announcing(w, w.site, 'PUT', `${c}/items/a`, body));
      expect(r.status, r.text).toBe(201);
      // it does not check the body against the header: the signature over the body does
      const other = Buffer.from(JSON.stringify(payloadFor(w.site, Buffer.from('olleh'))));
      const lie = await sendExpectingContinue(w.server.port, announcing(w, w.site, 'PUT', `${c}/items/b`, body, other));
      expectRefused(lie, 401, 2003);
      expect(lie.json().details).not.toContain('not the');
      expect((await w.client.get(w.site, `${c}/items/b`)).json()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
