// Network cuts through a loopback TCP proxy: uploads cut mid-body are retried (PUT is
// idempotent) and end verified, or report a NetworkError when every try is cut; a download
// cut mid-body fails and leaves nothing at its destination.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCertificate } from '../shared/protocol/certificates.js';
import type { Item } from '../shared/types.js';
import { startExchange, type RunningExchange } from '../server/index.js';
import { ExchangeClient } from '../electron/services/exchange-client.js';
import { NetworkError } from '../electron/services/exchange-errors.js';
import { keyHandle, type KeyHandle } from '../electron/services/keys/key-vault.js';
import { downloadDocument } from '../electron/services/transfers/document-download.js';
import { newDocumentPath, uploadDocument } from '../electron/services/transfers/document-upload.js';
import { createCast, type Cast } from './support/cast.js';
import { startCutProxy, type CutProxy } from './support/cut-proxy.js';

const MIB = 1024 * 1024;

let cast: Cast;
let server: RunningExchange;
let proxy: CutProxy;
let keys: KeyHandle;
let direct: ExchangeClient;
let viaProxy: ExchangeClient;
let study = '';
let work = '';
let doc = '';
let original: Buffer;

/** busyWaitMs: how long a body cut part way (it may be a refusal) is waited out before it counts as a failure. */
function clientFor(baseUrl: string, busyWaitMs?: number): ExchangeClient {
  return new ExchangeClient({
    baseUrl,
    organizationId: cast.sirb.id,
    signer: keys.signer,
    retry: { attempts: 3, baseDelayMs: 20, ...(busyWaitMs === undefined ? {} : { busyWaitMs }) },
  });
}

beforeAll(async () => {
  cast = await createCast('net');
  server = await startExchange({ dataDir: cast.dataDir, log: () => undefined });
  proxy = await startCutProxy(server.port);
  keys = keyHandle('0'.repeat(32), createPrivateKey(cast.sirb.keyPem), parseCertificate(cast.sirb.certificatePem));
  direct = clientFor(server.url);
  viaProxy = clientFor(proxy.url);
  study = (await direct.createContainer()).id;
  work = mkdtempSync(join(cast.dir, 'work-'));
  original = randomBytes(3 * MIB);
  doc = join(work, 'scan.bin');
  writeFileSync(doc, original);
});

afterAll(async () => {
  direct?.close();
  viaProxy?.close();
  await proxy?.close();
  await server?.close();
  cast?.remove();
});

async function downloadDirect(path: string): Promise<Buffer> {
  const out = join(mkdtempSync(join(work, 'check-')), 'copy.bin');
  await downloadDocument({ client: direct, keys, containerId: study, path, destination: out });
  return readFileSync(out);
}

describe('network cut mid-upload', () => {
  it('two cut tries are retried and the upload ends verified, once', async () => {
    proxy.setRules([{ upstreamAfter: 1 * MIB }, { upstreamAfter: 2 * MIB }]);
    const path = newDocumentPath('cut-uploads');
    const result = await uploadDocument({
      client: viaProxy,
      containerId: study,
      path,
      file: doc,
      wrapForSelf: keys.wrapForSelf,
    });
    expect(proxy.cuts).toBe(2);
    expect(proxy.pending).toBe(0);
    expect(result.created).toBe(true);
    expect((await downloadDirect(path)).equals(original)).toBe(true);
    const listed = (await direct.listItems(study, 'cut-uploads')) as Item[];
    expect(listed).toHaveLength(1);
    expect(readdirSync(join(cast.dataDir, 'tmp'))).toEqual([]);
  });

  it('a response lost after the commit is retried into the same item (no duplicate)', async () => {
    // a connection of its own: the rule counts a connection's bytes, and a kept-alive one has
    // carried the last test's upload (the cut would hit this one's "100 Continue", before its body)
    viaProxy.close();
    viaProxy = clientFor(proxy.url);
    proxy.setRules([{ whenUpstreamAtLeast: 3 * MIB, downstreamAfter: 10 }]);
    const path = newDocumentPath('lost-answers');
    const result = await uploadDocument({
      client: viaProxy,
      containerId: study,
      path,
      file: doc,
      wrapForSelf: keys.wrapForSelf,
    });
    expect(proxy.cuts).toBeGreaterThanOrEqual(3);
    // the first try committed; the retry replaced it at the same path
    expect(result.created).toBe(false);
    expect(((await direct.listItems(study, 'lost-answers')) as Item[]).map((i) => i.id)).toEqual([
      path.replace('/', '|'),
    ]);
    expect((await downloadDirect(path)).equals(original)).toBe(true);
  });

  it('when every try is cut the upload reports a NetworkError and nothing is stored', async () => {
    // a body cut part way may be a refusal (a server that reads bodies first), so it is waited out
    // for a while (2 s here) before the cuts count as the three failures of a broken network
    const impatient = clientFor(proxy.url, 2000);
    proxy.setRules(Array.from({ length: 30 }, () => ({ upstreamAfter: MIB / 2 })));
    const cutsBefore = proxy.cuts;
    const path = newDocumentPath('failed-uploads');
    const error = await uploadDocument({
      client: impatient,
      containerId: study,
      path,
      file: doc,
      wrapForSelf: keys.wrapForSelf,
    }).catch((e: unknown) => e);
    impatient.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).retryable).toBe(true);
    expect(proxy.cuts - cutsBefore).toBeGreaterThanOrEqual(3);
    expect(proxy.pending).toBeGreaterThan(0);
    proxy.setRules([]);
    await expect(direct.getItem(study, path)).rejects.toMatchObject({ code: 1015 });
    // the server dropped the partial bodies it had received
    for (let i = 0; i < 50 && readdirSync(join(cast.dataDir, 'tmp')).length > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(readdirSync(join(cast.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('network cut mid-download', () => {
  let path = '';
  beforeAll(async () => {
    proxy.setRules([]);
    path = newDocumentPath('downloads');
    await uploadDocument({ client: direct, containerId: study, path, file: doc, wrapForSelf: keys.wrapForSelf });
  });

  it('a download cut mid-body fails and leaves no file, partial or whole, at its destination', async () => {
    const outDir = mkdtempSync(join(work, 'out-'));
    // metadata answers are small: only the content response passes 1 MiB
    proxy.setRules([{ downstreamAfter: 1 * MIB }]);
    const destination = join(outDir, 'scan.bin');
    const error = await downloadDocument({ client: viaProxy, keys, containerId: study, path, destination }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(proxy.cuts).toBeGreaterThan(0);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('a connection dropped before the answer is retried (GET is idempotent) and the download completes', async () => {
    const outDir = mkdtempSync(join(work, 'out-'));
    const before = proxy.cuts;
    // cut the next connection as soon as the request has arrived, before any answer
    proxy.setRules([{ upstreamAfter: 0 }]);
    const destination = join(outDir, 'scan.bin');
    const got = await downloadDocument({ client: viaProxy, keys, containerId: study, path, destination });
    expect(proxy.cuts).toBe(before + 1);
    expect(got.bytes).toBe(original.length);
    expect(readdirSync(outDir)).toEqual(['scan.bin']);
    expect(readFileSync(destination).equals(original)).toBe(true);
  });
});
