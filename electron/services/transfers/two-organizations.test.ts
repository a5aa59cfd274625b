// The story of issue 4: an sIRB shares a 5 MiB document with a pSite, re-keys it, revokes it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../../shared/types.js';
import { ExchangeError } from '../exchange-errors.js';
import type { KeyHandle } from '../keys/key-vault.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { downloadDocument } from './document-download.js';
import { newDocumentPath, uploadDocument } from './document-upload.js';
import { readRecord, writeRecord } from './records.js';

let f: ExchangeFixture;
let dir: string;
let sirbKeys: KeyHandle;
let siteKeys: KeyHandle;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-story-'));
  sirbKeys = await f.keysOf(f.sirb);
  siteKeys = await f.keysOf(f.site);
});
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('two organizations', () => {
  it('share, read, re-key, still read, revoke', async () => {
    const sirb = f.sirb.client;
    const site = f.site.client;
    const study = await sirb.createContainer();
    await sirb.grantContainerAccess(study.id, f.site.org.id);

    const original = randomBytes(5 * 1024 * 1024);
    const file = path.join(dir, 'protocol-v3.pdf');
    await writeFile(file, original);
    const itemPath = newDocumentPath('documents');
    const uploaded = await uploadDocument({
      client: sirb,
      containerId: study.id,
      path: itemPath,
      file,
      name: 'Protocol v3',
      wrapForSelf: sirbKeys.wrapForSelf,
    });
    expect(uploaded.created).toBe(true);
    expect(uploaded.header).toMatchObject({
      name: 'Protocol v3',
      fileName: 'protocol-v3.pdf',
      mediaType: 'application/pdf',
      size: original.length,
    });

    const sharing = new SharingService(sirb, sirbKeys, [f.ca.certificatePem]);
    const access = await sharing.grant(study.id, itemPath, f.site.org.id);
    expect(access.map((o) => o.id)).toEqual([f.sirb.org.id, f.site.org.id]);

    const listed = (await site.listItems(study.id, 'documents')) as Item[];
    expect(listed.map((i) => i.id)).toEqual([itemPath.replace('/', '|')]);
    const out = path.join(dir, 'site-copy.pdf');
    const progress: number[] = [];
    const got = await downloadDocument({
      client: site,
      keys: siteKeys,
      containerId: study.id,
      path: listed[0]!.id,
      destination: out,
      onProgress: (e) => progress.push(e.bytes),
    });
    expect(got.header).toMatchObject({ type: 'document', name: 'Protocol v3' });
    expect((await readFile(out)).equals(original)).toBe(true);
    expect(progress.at(-1)).toBe(original.length);

    const before = await sirb.getItem(study.id, itemPath);
    const rekeyed = await sharing.rekey(study.id, itemPath);
    expect(rekeyed.updated).toEqual([f.site.org.id]);
    expect(rekeyed.item.keyHash).not.toBe(before.keyHash);
    expect(rekeyed.item.iv).not.toBe(before.iv);
    const out2 = path.join(dir, 'site-copy-2.pdf');
    await downloadDocument({ client: site, keys: siteKeys, containerId: study.id, path: itemPath, destination: out2 });
    expect((await readFile(out2)).equals(original)).toBe(true);

    await sharing.revoke(study.id, itemPath, f.site.org.id);
    const error = await site.getItemContent(study.id, itemPath).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).code).toBe(1015);
    expect((await readdir(dir)).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('records, share with the owner and with the whole study', async () => {
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const report = await writeRecord(f.site.client, siteKeys, study.id, 'site-modifications/1', {
      header: { type: 'site-modification' },
      content: { reason: 'new PI' },
    });
    expect(report.created).toBe(true);
    const siteSharing = new SharingService(f.site.client, siteKeys, [f.ca.certificatePem]);
    expect(await siteSharing.shareWithOwner(study.id, 'site-modifications/1')).toBe(true);
    expect(await siteSharing.shareWithOwner(study.id, 'site-modifications/1')).toBe(false);
    const read = await readRecord(f.sirb.client, sirbKeys, study.id, 'site-modifications/1');
    expect(read.header).toEqual({ type: 'site-modification', version: 'IRBX.2' });
    expect(read.content).toEqual({ reason: 'new PI' });

    await writeRecord(f.sirb.client, sirbKeys, study.id, 'study', {
      header: { type: 'study' },
      content: { title: 'Trial' },
    });
    const sirbSharing = new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]);
    expect(await sirbSharing.shareWithStudy(study.id, 'study')).toEqual([f.site.org.id]);
    expect((await readRecord(f.site.client, siteKeys, study.id, 'study')).content).toEqual({ title: 'Trial' });
    // Re-keying a record keeps the reader.
    await sirbSharing.rekey(study.id, 'study');
    expect((await readRecord(f.site.client, siteKeys, study.id, 'study')).content).toEqual({ title: 'Trial' });
  });
});
