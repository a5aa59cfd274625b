// Downloads changed in transit (through a loopback proxy) are refused, name the failed
// check, and leave no file behind; a swapped certificate receives no key.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueIdentity, parseCertificate } from '../../../shared/protocol/certificates.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import type { Container } from '../../../shared/types.js';
import { ExchangeClient } from '../exchange-client.js';
import type { KeyHandle } from '../keys/key-vault.js';
import { SharingError, SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { flipField, startTamperProxy, type TamperProxy } from '../test-support/tamper-proxy.js';
import { DownloadError, downloadDocument } from './document-download.js';
import { newDocumentPath, uploadDocument } from './document-upload.js';

let f: ExchangeFixture;
let proxy: TamperProxy;
let dir: string;
let outDir: string;
let keys: KeyHandle;
let viaProxy: ExchangeClient;
let study: Container;
let itemPath: string;

beforeAll(async () => {
  f = await startFixture();
  proxy = await startTamperProxy(f.url);
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-tamper-'));
  keys = await f.keysOf(f.sirb);
  viaProxy = f.clientFor(f.sirb, { baseUrl: proxy.url, retry: { attempts: 1, baseDelayMs: 1 } });
  study = await f.sirb.client.createContainer();
  const file = path.join(dir, 'doc.bin');
  await writeFile(file, randomBytes(200_000));
  itemPath = newDocumentPath('documents');
  await uploadDocument({
    client: f.sirb.client,
    containerId: study.id,
    path: itemPath,
    file,
    wrapForSelf: keys.wrapForSelf,
  });
});
afterAll(async () => {
  await proxy.close();
  await f.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  proxy.rewrite(undefined);
  outDir = await mkdtemp(path.join(dir, 'out-'));
});

async function attempt(): Promise<unknown> {
  return downloadDocument({
    client: viaProxy,
    keys,
    containerId: study.id,
    path: itemPath,
    destination: path.join(outDir, 'doc.bin'),
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
}

const onContent = (field: string, at?: number) => (method: string, url: string, body: Buffer) =>
  method === 'GET' && url.includes('/content/') ? flipField(body, field, at) : undefined;

describe('tampered downloads', () => {
  it('an untouched download through the proxy works', async () => {
    expect(await attempt()).toBeUndefined();
    expect(await readdir(outDir)).toEqual(['doc.bin']);
  });

  it.each([
    ['content', 0.5, ['content-hash']],
    // Near the end the change may break the padding (decrypt) or only the bytes (hash).
    ['content', 0.999, ['decrypt', 'content-hash']],
    ['key', 0.5, ['key-hash']],
    ['keyHash', 0.5, ['key-hash']],
    ['headerHash', 0.5, ['header-hash']],
    ['contentHash', 0.5, ['content-hash']],
  ] as const)('a flipped byte of %s (at %f) is refused as %j and leaves no file', async (field, at, failures) => {
    proxy.rewrite(onContent(field, at));
    const error = await attempt();
    expect(error).toBeInstanceOf(DownloadError);
    expect(failures).toContain((error as DownloadError).failure);
    expect((error as Error).message).toMatch(/Nothing was saved|try again/);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('a grant is refused when the certificate served does not match the directory thumbprint', async () => {
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const swapped = issueIdentity('Man in the middle').certificatePem;
    proxy.rewrite((method, url) =>
      method === 'GET' && url.endsWith('/certificate') ? Buffer.from(swapped) : undefined,
    );
    const sharing = new SharingService(viaProxy, keys, [f.ca.certificatePem]);
    const error = await sharing.grant(study.id, itemPath, f.site.org.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharingError);
    expect((error as SharingError).failure).toBe('thumbprint-mismatch');
    // in the window's words: what Settings and the certificate details call it
    expect((error as Error).message).toMatch(/\(SHA-1 fingerprint [0-9a-f]{40}\) is not the one in the directory/);
    expect((await f.sirb.client.getItemAccess(study.id, itemPath)).map((o) => o.id)).toEqual([f.sirb.org.id]);
  });

  it('a grant is refused when the directory entry and the certificate are both swapped (plain HTTP): it does not chain to the trust anchor', async () => {
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const swapped = issueIdentity('Man in the middle').certificatePem;
    const org = await f.sirb.client.getOrganization(f.site.org.id);
    const forged = Buffer.from(JSON.stringify({ ...org, thumbprint: parseCertificate(swapped).thumbprint }));
    proxy.rewrite((method, url) => {
      if (method !== 'GET') return undefined;
      if (url.endsWith('/certificate')) return Buffer.from(swapped);
      if (url.endsWith(`/organizations/${f.site.org.id}`)) return forged;
      return undefined;
    });
    const sharing = new SharingService(viaProxy, keys, [f.ca.certificatePem]);
    const error = await sharing.grant(study.id, itemPath, f.site.org.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharingError);
    expect((error as SharingError).failure).toBe('untrusted-certificate');
    expect((error as Error).message).toContain('not issued by a certificate authority this profile trusts');
    expect((await f.sirb.client.getItemAccess(study.id, itemPath)).map((o) => o.id)).toEqual([f.sirb.org.id]);
    // Without any anchor nothing is shared either, and the reason says what to do.
    proxy.rewrite(undefined);
    const none = await new SharingService(viaProxy, keys, [])
      .grant(study.id, itemPath, f.site.org.id)
      .catch((e: unknown) => e);
    expect((none as SharingError).failure).toBe('no-trust-anchors');
    expect((none as Error).message).toContain('import them in Settings');
    // The honest certificate, chained to the anchor, is granted.
    expect(
      (await new SharingService(viaProxy, keys, [f.ca.certificatePem]).grant(study.id, itemPath, f.site.org.id)).map(
        (o) => o.id,
      ),
    ).toEqual([f.sirb.org.id, f.site.org.id]);
  });

  it('a request changed in transit fails its signature (2003)', async () => {
    const signer = keySigner(f.sirb.identity.privateKeyPem);
    const c = new ExchangeClient({
      baseUrl: proxy.url,
      organizationId: f.sirb.org.id,
      signer,
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    // The proxy only rewrites responses; a client signing for another host is caught by the server.
    const other = new ExchangeClient({
      baseUrl: proxy.url.replace('localhost', '127.0.0.1'),
      organizationId: f.sirb.org.id,
      signer: () => 'AAAA',
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    expect(await c.pingSite()).toBe('pong');
    await expect(other.pingSite()).rejects.toMatchObject({ code: 2003 });
    c.close();
    other.close();
  });
});
