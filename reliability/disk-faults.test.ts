// Disk faults on the server while it runs: a full disk (a 1 MiB tmpfs mounted over the
// server's tmp/ folder, where bodies arrive) and an unusable content folder (replaced by a
// dangling symlink, since chmod does not stop root). Each answer is a clear 500 with code 1,
// the client reports it, nothing is corrupted, and the server works again once fixed.
import { toAppError } from '../shared/app-error.js';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createPrivateKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../shared/error-codes.js';
import { parseCertificate } from '../shared/protocol/certificates.js';
import { openContent, openItemKey, sealItem } from '../shared/protocol/envelope.js';
import { startExchange, type RunningExchange } from '../server/index.js';
import { SignedClient, type TestResponse } from '../server/test-support/signed-client.js';
import { ExchangeClient } from '../electron/services/exchange-client.js';
import { ExchangeError } from '../electron/services/exchange-errors.js';
import { keyHandle, type KeyHandle } from '../electron/services/keys/key-vault.js';
import { newDocumentPath, uploadDocument } from '../electron/services/transfers/document-upload.js';
import { downloadDocument } from '../electron/services/transfers/document-download.js';
import { createCast, type Cast } from './support/cast.js';

const MIB = 1024 * 1024;

let cast: Cast;
let server: RunningExchange;
let raw: SignedClient;
let client: ExchangeClient;
let keys: KeyHandle;
let containerUrl = '';
let containerId = '';
const logs: string[] = [];
const kept = randomBytes(5000);
let mounted = '';

function tmpDir(): string {
  return join(cast.dataDir, 'tmp');
}
function contentDir(): string {
  return join(cast.dataDir, 'content');
}

/** Mounts a 1 MiB tmpfs over the server's tmp/ folder; false where mounting is not allowed. */
function fillDisk(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', tmpDir()], { stdio: 'ignore' });
    mounted = tmpDir();
    return true;
  } catch {
    return false;
  }
}

function unmount(): void {
  if (!mounted) return;
  execFileSync('umount', [mounted], { stdio: 'ignore' });
  mounted = '';
}

/** Fails the test instead of hanging when the server never answers. */
function answered<T>(p: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer to ${what} within 20 s (hang)`)), 20_000).unref(),
    ),
  ]);
}

function expectInternal(r: TestResponse): void {
  expect(r.status, r.text).toBe(500);
  expect(r.json()).toEqual({
    code: 1,
    status: 500,
    message: ERROR_CODES.internal.message,
    details: expect.any(String),
  });
}

function assertNotCorrupted(): void {
  const db = new Database(join(cast.dataDir, 'exchange.sqlite'), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const referenced = (db.prepare('SELECT content_file FROM items').all() as { content_file: string }[])
      .map((r) => r.content_file)
      .sort();
    expect(readdirSync(contentDir()).sort()).toEqual(referenced);
  } finally {
    db.close();
  }
  expect(readdirSync(tmpDir())).toEqual([]);
}

async function expectKeptItemReadable(): Promise<void> {
  const r = await raw.get(cast.sirb, `${containerUrl}/content/kept`);
  expect(r.status).toBe(200);
  const item = r.json();
  expect(openContent(item, openItemKey(item, cast.sirb.keyPem)).equals(kept)).toBe(true);
}

beforeAll(async () => {
  cast = await createCast('disk');
  server = await startExchange({ dataDir: cast.dataDir, log: (l) => logs.push(l) });
  raw = new SignedClient(server.port);
  keys = keyHandle('1'.repeat(32), createPrivateKey(cast.sirb.keyPem), parseCertificate(cast.sirb.certificatePem));
  client = new ExchangeClient({
    baseUrl: server.url,
    organizationId: cast.sirb.id,
    signer: keys.signer,
    retry: { attempts: 2, baseDelayMs: 10 },
  });
  const c = await raw.post(cast.sirb, '/containers', {});
  containerUrl = c.json().url;
  containerId = c.json().id;
  const put = await raw.put(
    cast.sirb,
    `${containerUrl}/items/kept`,
    sealItem({ header: { type: 'study', version: 'IRBX.2' }, content: kept }, cast.sirb.certificatePem),
  );
  expect(put.status).toBe(201);
});

afterAll(async () => {
  try {
    unmount();
  } finally {
    client?.close();
    await server?.close();
    cast?.remove();
  }
});

describe('disk full on the server', () => {
  it('an upload larger than the free space gets 500 code 1, the client reports it, nothing is corrupted', async () => {
    const method = fillDisk() ? 'tmpfs' : 'tmp-folder-replaced-by-a-file';
    if (method !== 'tmpfs') {
      // no mount here: make tmp/ unusable instead (creating a file under it fails)
      rmSync(tmpDir(), { recursive: true, force: true });
      writeFileSync(tmpDir(), 'not a folder');
    }
    console.log(`disk full simulated by: ${method}`);
    try {
      const big = sealItem(
        { header: { type: 'study', version: 'IRBX.2' }, content: randomBytes(2 * MIB) },
        cast.sirb.certificatePem,
      );
      expectInternal(
        await answered(raw.put(cast.sirb, `${containerUrl}/items/too-big`, big), 'a raw upload on a full disk'),
      );

      const work = mkdtempSync(join(cast.dir, 'work-'));
      const file = join(work, 'big.bin');
      // large enough to be written past the page cache (server/store/content-io.ts)
      writeFileSync(file, randomBytes(10 * MIB));
      const error = await answered(
        uploadDocument({
          client,
          containerId,
          path: newDocumentPath('docs'),
          file,
          wrapForSelf: keys.wrapForSelf,
        }).catch((e: unknown) => e),
        'an upload by the client on a full disk',
      );
      expect(error).toBeInstanceOf(ExchangeError);
      expect(error).toMatchObject({ status: 500, code: 1, retryable: true });
      // what the window shows for it
      expect(toAppError(error).explanation).toBe('The exchange had an internal problem. Try again later.');
      // small requests that need no disk still work meanwhile
      expect((await raw.get(cast.sirb, '/ping/sirb')).status).toBe(200);
    } finally {
      if (method === 'tmpfs') unmount();
      else {
        rmSync(tmpDir(), { force: true });
        execFileSync('mkdir', [tmpDir()]);
      }
    }
    assertNotCorrupted();
    await expectKeptItemReadable();
    expect((await raw.get(cast.sirb, `${containerUrl}/content/too-big`)).status).toBe(404);
    expect(logs.some((l) => /unexpected error/.test(l))).toBe(true);
  });

  it('once space is back, the same upload succeeds', async () => {
    const again = sealItem(
      { header: { type: 'study', version: 'IRBX.2' }, content: randomBytes(2 * MIB) },
      cast.sirb.certificatePem,
    );
    expect((await raw.put(cast.sirb, `${containerUrl}/items/too-big`, again)).status).toBe(201);
    expect((await raw.delete(cast.sirb, `${containerUrl}/items/too-big`)).status).toBe(204);
    assertNotCorrupted();
  });
});

describe('disk full on the client', () => {
  it('a download into a folder that fills up fails with the disk error, at once, and leaves no partial file', async () => {
    const work = mkdtempSync(join(cast.dir, 'client-'));
    const file = join(work, 'report.bin');
    writeFileSync(file, randomBytes(6 * MIB)); // above the size whose upload goes through the encrypting worker
    const path = newDocumentPath('docs');
    await uploadDocument({ client, containerId, path, file, wrapForSelf: keys.wrapForSelf });
    const into = join(work, 'downloads');
    execFileSync('mkdir', [into]);
    let method = 'tmpfs';
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', into], { stdio: 'ignore' });
    } catch {
      // no mount here: the folder disappears instead, so the file cannot be created
      method = 'folder-removed';
      rmSync(into, { recursive: true });
    }
    console.log(`client disk full simulated by: ${method}`);
    try {
      const error = await answered(
        downloadDocument({ client, keys, containerId, path, destination: join(into, 'report.bin') }).catch(
          (e: unknown) => e,
        ),
        'a download into a full folder',
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as NodeJS.ErrnoException).code).toBe(method === 'tmpfs' ? 'ENOSPC' : 'ENOENT');
      if (method === 'tmpfs') expect(readdirSync(into)).toEqual([]);
    } finally {
      if (method === 'tmpfs') execFileSync('umount', [into], { stdio: 'ignore' });
    }
    // the same download works where there is room
    const done = await downloadDocument({ client, keys, containerId, path, destination: join(work, 'copy.bin') });
    expect(done.bytes).toBe(6 * MIB);
  });
});

describe('unusable content folder on the server', () => {
  it('content/ replaced by a dangling symlink: 500 code 1 for writes, old data intact afterwards', async () => {
    const aside = join(cast.dataDir, 'content-aside');
    renameSync(contentDir(), aside);
    symlinkSync(join(cast.dataDir, 'nowhere'), contentDir());
    try {
      const p = sealItem(
        { header: { type: 'study', version: 'IRBX.2' }, content: randomBytes(1000) },
        cast.sirb.certificatePem,
      );
      expectInternal(
        await answered(raw.put(cast.sirb, `${containerUrl}/items/lost`, p), 'an upload into a missing content folder'),
      );
      const error = await client.saveItem(containerId, 'lost-too', p).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExchangeError);
      expect(error).toMatchObject({ status: 500, code: 1 });
      // reading the existing item fails the same clear way, never with a broken body
      expectInternal(
        await answered(raw.get(cast.sirb, `${containerUrl}/content/kept`), 'a read from a missing content folder'),
      );
      expect(readdirSync(tmpDir())).toEqual([]);
    } finally {
      rmSync(contentDir(), { force: true });
      renameSync(aside, contentDir());
    }
    assertNotCorrupted();
    await expectKeptItemReadable();
    expect((await raw.get(cast.sirb, `${containerUrl}/content/lost`)).status).toBe(404);
  });
});
