// Issue 34: a coordinator's uploads are never refused because of strangers, and never fail
// on a busy exchange. The app announces each body's hash in a signed header with
// `Expect: 100-continue`, so the reference exchange verifies it before the body and never
// counts it against the budget of unverified bodies: eight 90 MB uploads at once from one
// address all go, none ever told to wait. Against an exchange that reads bodies before it
// verifies them (the original service), an upload refused with 503 part way is waited out and
// sent again, its transfer says it is waiting for the exchange, and it ends verified.
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keySigner, signRequest } from '../../../shared/protocol/signing.js';
import type { ExchangeSession } from '../exchange-session.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { downloadDocument } from './document-download.js';
import { newDocumentPath, uploadDocument } from './document-upload.js';
import { documentTransferRunner } from './transfer-runner.js';
import { TransferQueue, type TransferDescriptor } from './transfer-queue.js';

const MIB = 1024 * 1024;
const fixtures: ExchangeFixture[] = [];

afterAll(async () => {
  for (const f of fixtures) await f.close();
});

describe('an exchange that knows the announced hash', () => {
  it('takes eight concurrent 90 MB uploads from one address, none refused or made to wait', async () => {
    // the default limits: 1 GiB of unverified bodies, a quarter per address, 4 uploads per organization
    const f = await startFixture();
    fixtures.push(f);
    const keys = await f.keysOf(f.sirb);
    const study = await f.sirb.client.createContainer();
    const file = path.join(f.dir, 'scan.bin');
    await writeFile(file, randomBytes(90 * 1000 * 1000));
    const waits: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        uploadDocument(
          {
            client: f.sirb.client,
            containerId: study.id,
            path: newDocumentPath('scans'),
            file,
            name: `Scan ${i}`,
            wrapForSelf: keys.wrapForSelf,
          },
          { onWait: (ms) => waits.push(ms) },
        ),
      ),
    );
    expect(results.map((r) => r.created)).toEqual(Array(8).fill(true));
    // 8 × 120 MB of Base-64 is far over the 256 MiB one address may have unverified at once
    expect(waits).toEqual([]);
    await rm(file);
  }, 600_000);
});

interface Stranger {
  stop(): void;
}

/** An upload from the app's own address that the exchange cannot verify before its body: it sends `holding` bytes and waits. */
function stranger(f: ExchangeFixture, containerId: string, holding: number): Stranger {
  const target = `/containers/${containerId}/items/stranger`;
  const signed = signRequest(
    {
      method: 'PUT',
      target,
      host: `localhost:${f.port}`,
      organizationId: f.site.org.id,
      requestId: randomBytes(16).toString('hex'),
      date: new Date(),
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    },
    // someone who knows the site's id, not its key
    keySigner(f.admin.identity.privateKeyPem),
  );
  const req = request({
    host: '127.0.0.1',
    port: f.port,
    method: 'PUT',
    path: target,
    headers: {
      ...signed.headers,
      'User-Agent': 'stranger',
      'Content-Type': 'application/json',
      'Content-Length': 4 * holding,
    },
  });
  req.on('error', () => undefined);
  req.on('response', (res) => res.resume());
  req.write(Buffer.alloc(holding, 0x20));
  return { stop: () => req.destroy() };
}

describe('an exchange that reads bodies before it verifies them (the original service)', () => {
  it('an upload refused with 503 part way waits for the exchange, is sent again, and ends verified', async () => {
    // 8 MiB of unverified bodies, 2 MiB from one address; 30 s without a byte cuts the stranger
    const f = await startFixture({ announcedHash: false, maxUnverifiedBytes: 8 * MIB });
    fixtures.push(f);
    const keys = await f.keysOf(f.sirb);
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const original = randomBytes(6 * MIB);
    const file = path.join(f.dir, 'consent.pdf');
    await writeFile(file, original);
    // someone behind the same address holds 1.5 MiB of its 2 MiB: the app's body passes the
    // address's share part way and is refused there
    const other = stranger(f, study.id, 1.5 * MIB);
    const session = { client: f.sirb.client, keys } as unknown as ExchangeSession;
    const queue = new TransferQueue({ runner: documentTransferRunner(async () => session) });
    const seen: TransferDescriptor[] = [];
    const waiting = new Promise<void>((resolve) =>
      queue.on('change', (d) => {
        seen.push(d);
        if (d.waiting) resolve();
      }),
    );
    const remotePath = newDocumentPath('documents');
    const queued = queue.enqueue({
      kind: 'upload',
      profileId: 'p',
      containerId: study.id,
      remotePath,
      localPath: file,
      name: 'Consent',
    });
    try {
      await waiting;
      expect(queue.get(queued.id)).toMatchObject({ state: 'running', waiting: true });
    } finally {
      other.stop();
    }
    await queue.idle();
    const done = queue.get(queued.id)!;
    expect(done.state, done.error).toBe('verified');
    expect(done.waiting).toBeUndefined();
    // it never failed on the way, and the waiting ended once it sent again
    expect(seen.map((d) => d.state)).not.toContain('failed');
    const out = path.join(f.dir, 'consent-copy.pdf');
    await downloadDocument({ client: f.sirb.client, keys, containerId: study.id, path: remotePath, destination: out });
    expect((await readFile(out)).equals(original)).toBe(true);
  }, 300_000);
});
