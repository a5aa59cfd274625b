// Issue 19 item 7: what a request may cost before its signature is verified is bounded.
// Twenty concurrent 50 MiB bodies with forged signatures (real organization ids, wrong key)
// while a legitimate organization uploads through the app's own client: the upload
// succeeds (waiting out any 1018 as Retry-After asks), every forged request gets 401 or 503
// (1018), the server's temporary folder never holds more than the cap, and nothing is left
// in it afterwards.
import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeClient } from '../electron/services/exchange-client.js';
import { openContent, openItemKey, sealItem } from '../shared/protocol/envelope.js';
import { keySigner, signRequest } from '../shared/protocol/signing.js';
import { newRequestId, SignedClient, sha256Hex } from '../server/test-support/signed-client.js';
import { createCast, startChildServer, stopChild, type Cast, type ChildServer } from './support/cast.js';
import { recordSummary } from './support/results.js';

const MIB = 1024 * 1024;
const CAP = 160 * MIB;
const FORGED = 20;
const FORGED_BYTES = 50 * MIB;

let cast: Cast;
let server: ChildServer | undefined;
let containerId = '';

beforeAll(async () => {
  cast = await createCast('unverified');
  server = await startChildServer(cast.dataDir, ['--max-unverified-bytes', String(CAP), '--max-uploads-per-org', '4']);
  const created = await new SignedClient(server.port).post(cast.sirb, '/containers', {});
  containerId = created.json().id;
});

afterAll(async () => {
  await stopChild(server);
  cast?.remove();
});

/** Bytes in the server's temporary folder now (files may vanish while counted). */
function tmpBytes(): number {
  const dir = join(cast.dataDir, 'tmp');
  let total = 0;
  for (const f of readdirSync(dir)) {
    try {
      total += statSync(join(dir, f)).size;
    } catch {
      // removed between the listing and the stat
    }
  }
  return total;
}

/** A 50 MiB item write signed with the wrong key under a real organization's id. */
function forged(
  port: number,
  orgId: string,
  body: Buffer,
  i: number,
): Promise<{ status: number; code?: number; retryAfter?: string }> {
  const target = `/containers/${containerId}/items/forged-${i}`;
  const signed = signRequest(
    {
      method: 'PUT',
      target,
      host: `localhost:${port}`,
      organizationId: orgId,
      requestId: newRequestId(),
      date: new Date(),
      payloadHash: sha256Hex(body),
    },
    keySigner(cast.sirb.keyPem),
  );
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: target,
        headers: {
          ...signed.headers,
          'User-Agent': 'forger',
          'Content-Type': 'application/json',
          'Content-Length': body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          let code: number | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString()) as { code: number }).code;
          } catch {
            code = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            ...(code !== undefined ? { code } : {}),
            ...(res.headers['retry-after'] ? { retryAfter: res.headers['retry-after'] } : {}),
          });
        });
      },
    );
    // a refused body is not read on: our writes may fail once the answer is in
    req.on('error', () => resolve({ status: -1 }));
    req.end(body);
  });
}

describe('work before authentication is bounded', () => {
  it('twenty forged 50 MiB bodies cannot crowd out a legitimate upload or fill the disk', async () => {
    const port = server!.port;
    const content = 'A'.repeat(FORGED_BYTES - 400);
    const body = Buffer.from(
      JSON.stringify({
        header: 'AAAA',
        headerHash: 'a'.repeat(64),
        headerHashAlgorithm: 'SHA256',
        content,
        contentHash: 'a'.repeat(64),
        contentHashAlgorithm: 'SHA256',
        key: 'AAAA',
        keyHash: 'a'.repeat(64),
        keyHashAlgorithm: 'SHA256',
        iv: 'a'.repeat(32),
        algorithm: 'AES',
      }),
    );
    let maxTmp = 0;
    const sampler = setInterval(() => (maxTmp = Math.max(maxTmp, tmpBytes())), 5);
    try {
      const document = Buffer.alloc(20 * MIB, 7);
      const client = new ExchangeClient({
        baseUrl: `http://localhost:${port}`,
        organizationId: cast.sirb.id,
        signer: keySigner(cast.sirb.keyPem),
        retry: { attempts: 3, baseDelayMs: 100, busyWaitMs: 120_000 },
      });
      const attackers = [cast.site.id, cast.outsider.id];
      const forgedAnswers = Promise.all(
        Array.from({ length: FORGED }, (_, i) => forged(port, attackers[i % attackers.length]!, body, i)),
      );
      // the legitimate upload starts while the forged bodies are streaming
      await new Promise((r) => setTimeout(r, 50));
      const payload = sealItem(
        { header: { type: 'document', version: 'IRBX.2' }, content: document },
        cast.sirb.certificatePem,
      );
      const saved = await client.saveItem(containerId, 'documents/legit', payload);
      const answers = await forgedAnswers;
      client.close();

      expect(saved.created).toBe(true);
      const reader = new ExchangeClient({
        baseUrl: `http://localhost:${port}`,
        organizationId: cast.sirb.id,
        signer: keySigner(cast.sirb.keyPem),
      });
      const back = await reader.getItemContent(containerId, 'documents/legit');
      reader.close();
      expect(openContent(back, openItemKey(back, cast.sirb.keyPem)).equals(document)).toBe(true);

      const summary = new Map<string, number>();
      for (const a of answers)
        summary.set(`${a.status}/${a.code ?? '-'}`, (summary.get(`${a.status}/${a.code ?? '-'}`) ?? 0) + 1);
      recordSummary(
        `unverified work: ${FORGED} forged 50 MiB bodies → ${[...summary].map(([k, n]) => `${n}× ${k}`).join(', ')}; temp folder peak ${(maxTmp / MIB).toFixed(1)} MiB of a ${CAP / MIB} MiB cap`,
      );
      for (const a of answers) {
        expect([401, 503], JSON.stringify(a)).toContain(a.status);
        expect(a.code).toBe(a.status === 401 ? 2003 : 1018);
        if (a.status === 503) expect(a.retryAfter).toMatch(/^\d+$/);
      }
      expect(answers.some((a) => a.status === 503)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(maxTmp).toBeLessThanOrEqual(CAP);
    expect(readdirSync(join(cast.dataDir, 'tmp'))).toEqual([]);
  });
});
