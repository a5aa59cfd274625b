// The CLI for real: sandbox + serve as a child process, killed with SIGKILL during a large
// upload and during deletes; after a restart the store is consistent. On a data folder and on
// a PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealItem } from '../../shared/protocol/envelope.js';
import { keySigner, signRequest } from '../../shared/protocol/signing.js';
import type { StoreOptions } from '../open-store.js';
import {
  runCliToEnd,
  runSandbox,
  SANDBOX_CAST,
  startChildServer,
  type ChildServer,
} from '../test-support/child-server.js';
import { SignedClient, newRequestId, sha256Hex, type TestOrg } from '../test-support/signed-client.js';
import { freshStore, probeStore, STORES, type StoreProbe } from '../test-support/stores.js';

describe.each(STORES)('on %s', (storeKind) => {
  let dir: string;
  let store: StoreOptions;
  let probe: StoreProbe;
  let irb: TestOrg & { cert: string };
  let running: ChildServer | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'exchange-durability-'));
    store = await freshStore(storeKind, dir);
    probe = probeStore(store);
    const orgs = await runSandbox(store, join(dir, 'out'));
    expect(orgs.map((o) => [o.name, o.role])).toEqual(SANDBOX_CAST);
    irb = orgs[1]!;
  });

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await probe.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** No upload left behind, no content without its item or item without its whole content, no orphan key; the stored contents. */
  async function assertConsistent(): Promise<string[]> {
    expect(await probe.uploadsLeft()).toEqual([]);
    const stored = await probe.storedContents();
    expect(stored).toEqual(await probe.referencedContents());
    expect(await probe.orphanKeys()).toBe(0);
    return stored;
  }

  async function restart(): Promise<SignedClient> {
    running = await startChildServer(store);
    return new SignedClient(running.port);
  }

  async function kill(): Promise<void> {
    running!.child.kill('SIGKILL');
    const e = await running!.exited;
    expect(e.signal).toBe('SIGKILL');
  }

  async function waitFor(cond: () => boolean | Promise<boolean>, what: string): Promise<void> {
    const started = Date.now();
    while (!(await cond())) {
      if (Date.now() - started > 20_000) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Bytes of uploads in progress: SQLite's tmp/, or the running (or killed) node's upload folder. */
  function tmpBytes(): number {
    const folders =
      store.dataDir !== undefined
        ? [join(store.dataDir, 'tmp')]
        : readdirSync(tmpdir())
            .filter((f) => f.startsWith(`exchange-uploads-${running!.child.pid}-`))
            .map((f) => join(tmpdir(), f));
    return folders.reduce((n, d) => n + readdirSync(d).reduce((m, f) => m + statSync(join(d, f)).size, 0), 0);
  }

  /** Starts a signed PUT of a large body, written in 1 MiB pieces; resolves when `after` pieces are out. */
  function startLargePut(port: number, path: string, body: Buffer, after: number): Promise<void> {
    const signed = signRequest(
      {
        method: 'PUT',
        target: path,
        host: `localhost:${port}`,
        organizationId: irb.id,
        requestId: newRequestId(),
        date: new Date(),
        payloadHash: sha256Hex(body),
      },
      keySigner(irb.keyPem),
    );
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path,
      headers: {
        ...signed.headers,
        'User-Agent': 'durability',
        'Content-Type': 'application/json',
        'Content-Length': body.length,
      },
    });
    req.on('error', () => undefined); // the server dies under it
    return new Promise((resolve) => {
      let i = 0;
      const piece = 1024 * 1024;
      const next = (): void => {
        if (i === after) resolve();
        if (i * piece >= body.length) return void req.end();
        const ok = req.write(body.subarray(i * piece, (i + 1) * piece));
        i++;
        if (ok) setImmediate(next);
        else req.once('drain', next);
      };
      next();
    });
  }

  describe('durability of the served store', () => {
    let containerUrl = '';
    const v1 = Buffer.from('version one of the protocol');

    it('serves the sandbox (keys from organizations.json work) and keeps v1', async () => {
      const client = await restart();
      const c = await client.post(irb, '/containers', {});
      expect(c.status).toBe(201);
      containerUrl = c.json().url;
      const put = await client.put(
        irb,
        `${containerUrl}/items/doc`,
        sealItem({ header: { type: 'document', version: 'IRBX.2' }, content: v1 }, irb.cert),
      );
      expect(put.status).toBe(201);
    });

    it('SIGKILL during a 50 MiB upload leaves the old version and no orphan', async () => {
      const big = sealItem(
        { header: { type: 'document', version: 'IRBX.2' }, content: randomBytes(37 * 1024 * 1024) },
        irb.cert,
      );
      const body = Buffer.from(JSON.stringify(big));
      expect(body.length).toBeGreaterThan(49 * 1024 * 1024);
      await startLargePut(running!.port, `${containerUrl}/items/doc`, body, 12);
      await waitFor(() => tmpBytes() > 1024 * 1024, 'the upload to reach tmp/');
      await kill();
      expect(tmpBytes()).toBeGreaterThan(0); // killed mid-upload indeed

      const client = await restart();
      await assertConsistent();
      const got = await client.get(irb, `${containerUrl}/content/doc`);
      expect(got.status).toBe(200);
      expect(got.json().contentHash).toBe(sha256Hex(v1));
    });

    it('SIGKILL around the commit of a large replace leaves exactly the old or the new item', async () => {
      const v2 = randomBytes(20 * 1024 * 1024);
      const big = sealItem({ header: { type: 'document', version: 'IRBX.2' }, content: v2 }, irb.cert);
      const body = Buffer.from(JSON.stringify(big));
      const before = (await probe.storedContents()).join();
      await startLargePut(running!.port, `${containerUrl}/items/doc`, body, Math.ceil(body.length / (1024 * 1024)));
      // the whole body is out: kill as soon as the server has most of it (or has already
      // committed: the content folder then differs, even if the old file is already gone)
      // (tmp/ holds the decoded content: 3/4 of the Base-64 text's length)
      await waitFor(
        async () => tmpBytes() > big.content.length * 0.75 * 0.9 || (await probe.storedContents()).join() !== before,
        'most of the upload',
      );
      await kill();
      const client = await restart();
      await assertConsistent();
      const got = (await client.get(irb, `${containerUrl}/content/doc`)).json();
      expect([sha256Hex(v1), sha256Hex(v2)]).toContain(got.contentHash);
      if (got.contentHash === sha256Hex(v2)) expect(got.content).toBe(big.content);
    });

    it('SIGKILL during deletes: every item is either whole or gone', async () => {
      let client = new SignedClient(running!.port);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await client.put(
          irb,
          `${containerUrl}/items/batch/n${i}`,
          sealItem({ header: { type: 'study', version: 'IRBX.2' }, content: randomBytes(2000) }, irb.cert),
        );
        expect(r.status).toBe(201);
        ids.push(`batch/n${i}`);
      }
      const deletes = ids.map((id) => client.delete(irb, `${containerUrl}/items/${id}`).catch(() => undefined));
      await Promise.race(deletes);
      await kill();
      await Promise.all(deletes);
      client = await restart();
      const files = await assertConsistent();
      let gone = 0;
      for (const id of ids) {
        const r = await client.get(irb, `${containerUrl}/content/${id}`);
        expect([200, 404]).toContain(r.status);
        if (r.status === 404) gone++;
      }
      expect(gone).toBeGreaterThan(0);
      expect(files.length).toBe(1 + ids.length - gone);
    });

    it('stops cleanly on SIGTERM', async () => {
      running!.child.kill('SIGTERM');
      const e = await running!.exited;
      expect(e.code).toBe(0);
      expect(running!.output()).toContain('SIGTERM: shutting down');
      expect(running!.output()).toMatch(
        /GET \/containers\/[0-9a-f]{32}\/content\/batch\/n0 (200|404) \d+ms org=[0-9a-f]{32} request=[0-9a-f]{32}/,
      );
    });
  });
});

describe('command line', () => {
  let dir: string;
  let dataDir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'exchange-cli-'));
    dataDir = join(dir, 'data');
    expect((await runCliToEnd(['sandbox', '--data', dataDir, '--out', join(dir, 'out')])).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--help documents every flag; bad flags and unusable folders exit non-zero', async () => {
    const help = await runCliToEnd(['--help']);
    expect(help.code).toBe(0);
    for (const flag of [
      '--data',
      '--port',
      '--host',
      '--bind',
      '--trust-ca',
      '--out',
      '--name',
      '--cert',
      '--sirb',
      '--admin',
    ])
      expect(help.stdout).toContain(flag);
    const bad = await runCliToEnd(['serve', '--data', dir, '--bogus']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--bogus');
    const file = join(dir, 'out', 'organizations.json');
    const unusable = await runCliToEnd(['serve', '--data', join(file, 'sub')]);
    expect(unusable.code).not.toBe(0);
    expect(unusable.stderr).toMatch(/error: /);
    const again = await runCliToEnd(['sandbox', '--data', dataDir, '--out', join(dir, 'out2')]);
    expect(again.code).not.toBe(0);
    const port = await runCliToEnd(['serve', '--data', dataDir, '--port', 'abc']);
    expect(port.code).not.toBe(0);
    expect(port.stderr).toContain('--port');
  });

  it('org-add registers an organization with a certificate file', async () => {
    const { issueIdentity } = await import('../../shared/protocol/certificates.js');
    const self = issueIdentity('Self Signed Site', { bits: 2048 });
    const certFile = join(dir, 'self.pem');
    (await import('node:fs')).writeFileSync(certFile, self.certificatePem);
    // the sandbox folder trusts only its CA: a self-signed certificate is refused
    const refused = await runCliToEnd(['org-add', '--data', dataDir, '--name', 'Self Signed Site', '--cert', certFile]);
    expect(refused.code).not.toBe(0);
    const fresh = join(dir, 'fresh');
    const ok = await runCliToEnd([
      'org-add',
      '--data',
      fresh,
      '--name',
      'Self Signed Site',
      '--cert',
      certFile,
      '--sirb',
      '--admin',
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^[0-9a-f]{32} Self Signed Site \(sIRB\)/);
    const dup = await runCliToEnd(['org-add', '--data', fresh, '--name', 'self signed SITE']);
    expect(dup.code).not.toBe(0);
  });
});
