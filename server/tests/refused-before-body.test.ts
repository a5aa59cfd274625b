// Issue 34, on both stores: when a request announces its payload hash and sends
// `Expect: 100-continue`, every refusal the server can make from the headers and its store
// (reserved paths, another organization's item, a container or organization it cannot see,
// an access list it does not own, a certificate's media type) is the answer instead of
// "100 Continue": the client never sends the body (decisions §1, §3). A request the server
// accepts is told to continue, so the same client does send its body there.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_HASH_HEADER, keySigner, signRequest } from '../../shared/protocol/signing.js';
import { sendExpectingContinue, type ContinuedResponse } from '../test-support/expect-continue.js';
import { newRequestId, sha256Hex, type RawRequest } from '../test-support/signed-client.js';
import { STORES } from '../test-support/stores.js';
import { createWorld, payloadFor, studyWithSite, type World, type WorldOrg } from '../test-support/world.js';

const MIB = 1024 * 1024;
// 50 MiB of spaces: what a refused client would have sent, had it been told to continue
const BIG = Buffer.alloc(50 * MIB, 0x20);
const BIG_HASH = sha256Hex(BIG);
// the request line and headers; a body that went would be 50 MiB more
const HEADERS_ONLY = 8 * 1024;

/** The org's request for the 50 MiB body, signed with its announced hash, as the app sends it. */
function announced(
  w: World,
  org: WorldOrg,
  method: string,
  target: string,
  contentType = 'application/json',
): RawRequest {
  const signed = signRequest(
    {
      method,
      target,
      host: w.client.host,
      organizationId: org.id,
      requestId: newRequestId(),
      date: new Date(),
      payloadHash: BIG_HASH,
      extraSignedHeaders: [[CONTENT_HASH_HEADER, BIG_HASH]],
    },
    keySigner(org.keyPem),
  );
  return {
    method,
    path: target,
    headers: {
      ...signed.headers,
      'User-Agent': 'refused-before-body',
      'Content-Type': contentType,
      'Content-Length': BIG.length,
    },
    body: BIG,
  };
}

/** The §4 error body, answered instead of 100 Continue, with nothing of the body sent. */
function expectRefusedUnsent(r: ContinuedResponse, status: number, code: number): void {
  expect(r.status, r.text).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  const body = r.json();
  expect(body).toMatchObject({ code, status });
  expect(typeof body.message).toBe('string');
  expect(typeof body.details).toBe('string');
  expect(r.continued).toBe(false);
  expect(r.bytesWritten).toBeGreaterThan(0);
  expect(r.bytesWritten).toBeLessThan(HEADERS_ONLY);
}

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  let c: string;
  let unseen: string;

  beforeAll(async () => {
    w = await createWorld({ storeKind });
    c = await studyWithSite(w);
    // the other sIRB collaborates on the study (it sees it) but does not own it
    await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.sirb2.id });
    // a study the site is not on
    unseen = (await w.client.post(w.sirb, '/containers', {})).json().url;
    expect((await w.client.put(w.sirb, `${c}/items/documents/theirs`, payloadFor(w.sirb))).status).toBe(201);
  });
  afterAll(async () => {
    await w.close();
  });

  const send = (org: () => WorldOrg, method: string, target: () => string, contentType?: string) =>
    sendExpectingContinue(w.server.port, announced(w, org(), method, target(), contentType));

  it.each([
    ['another organization’s item', 'PUT', () => `${c}/items/documents/theirs`],
    ['the study record', 'PUT', () => `${c}/items/study`],
    ['below the study record (add)', 'POST', () => `${c}/items/study`],
    ['the checklist', 'PUT', () => `${c}/items/checklist`],
    ['another organization’s receipts', 'PUT', () => `${c}/items/receipts/${w.sirb.id}/r1`],
    ['another organization’s sign-offs', 'PUT', () => `${c}/items/signoffs/${w.site2.id}/s1`],
    ['another organization’s requests', 'POST', () => `${c}/items/requests/${w.sirb.id}`],
    ['the receipts root', 'PUT', () => `${c}/items/receipts`],
    ['a root followed by no organization id', 'PUT', () => `${c}/items/signoffs/not-an-id/x`],
  ])('a site writing at %s gets 403 (2007) without sending its 50 MiB', async (_what, method, target) => {
    expectRefusedUnsent(await send(() => w.site, method, target), 403, 2007);
  });

  it('an item body of another media type is 415 (1017) before the body, after ownership', async () => {
    expectRefusedUnsent(
      await send(
        () => w.site,
        'PUT',
        () => `${c}/items/mine`,
        'text/plain',
      ),
      415,
      1017,
    );
    expectRefusedUnsent(
      await send(
        () => w.site,
        'PUT',
        () => `${c}/items/study`,
        'text/plain',
      ),
      403,
      2007,
    );
  });

  it('a study the site cannot see is 404 (1015) before the body', async () => {
    expectRefusedUnsent(
      await send(
        () => w.site,
        'PUT',
        () => `${unseen}/items/doc`,
      ),
      404,
      1015,
    );
  });

  it('an item access list the caller does not own, or cannot see, is refused before the body', async () => {
    // the site does not see the sIRB's item at all; the sIRB owns it and may
    expectRefusedUnsent(
      await send(
        () => w.site,
        'POST',
        () => `${c}/permissions/documents/theirs`,
      ),
      404,
      1015,
    );
    // a collaborating sIRB may not change the study's access list: only its owner
    expectRefusedUnsent(
      await send(
        () => w.sirb2,
        'POST',
        () => `${c}/organizations`,
      ),
      403,
      2007,
    );
  });

  it('an administrator’s certificate for no organization, or of another media type, is refused before the body', async () => {
    const nobody = `/organizations/${randomBytes(16).toString('hex')}/certificate`;
    expectRefusedUnsent(
      await send(
        () => w.admin,
        'PUT',
        () => nobody,
        'application/x-pem-file',
      ),
      404,
      1015,
    );
    const site = `/organizations/${w.site.id}/certificate`;
    expectRefusedUnsent(
      await send(
        () => w.admin,
        'PUT',
        () => site,
        'text/plain',
      ),
      400,
      1004,
    );
  });

  it('a write the site may make is told to continue, and its body is read (and then judged)', async () => {
    const r = await send(
      () => w.site,
      'PUT',
      () => `${c}/items/receipts/${w.site.id}/r1`,
    );
    expect(r.continued).toBe(true);
    expect(r.bytesWritten).toBeGreaterThan(BIG.length);
    // 50 MiB of spaces is the body announced, but no JSON object
    expect(r.status, r.text).toBe(400);
    expect(r.json().code).toBe(1009);
  });
});
