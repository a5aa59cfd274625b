// Receipts between real organizations on the reference exchange (docs/protocol.md §7, Receipts): the
// site's client acknowledges the sIRB's document, the sIRB sees this version / an earlier one,
// and receipts another organization forged are not shown as deliveries.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { sealItem } from '../../../shared/protocol/envelope.js';
import { reportCsv } from '../../../shared/delivery.js';
import { registerInDataFolder } from '../../../server/index.js';
import type { Item } from '../../../shared/types.js';
import type { KeyHandle } from '../keys/key-vault.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture, type FixtureOrg } from '../test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../transfers/document-upload.js';
import { writeRecord } from '../transfers/records.js';
import { ReceiptReader } from './receipt-reader.js';
import { RECEIPT_HEADER, receiptPath } from './receipt-record.js';
import { ReceiptSender, type ReceiptSession } from './receipt-sender.js';

let f: ExchangeFixture;
let dir: string;
let sirbKeys: KeyHandle;
let siteKeys: KeyHandle;
let other: FixtureOrg;
let otherKeys: KeyHandle;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-receipts-'));
  sirbKeys = await f.keysOf(f.sirb);
  siteKeys = await f.keysOf(f.site);
  const identity = issueIdentity('Other Site', { ca: f.ca });
  const org = await registerInDataFolder(f.dataDir, { name: 'Other Site', certificatePem: identity.certificatePem });
  other = { org, identity, client: f.clientFor({ org, identity }) };
  otherKeys = await f.keysOf(other);
});
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

const sessionOf = (o: FixtureOrg, keys: KeyHandle): ReceiptSession => ({
  client: o.client,
  keys,
  sharing: new SharingService(o.client, keys, [f.ca.certificatePem]),
});

async function upload(
  containerId: string,
  name: string,
  text: string,
  itemPath = newDocumentPath('documents'),
): Promise<Item> {
  const file = path.join(dir, `${name}.txt`);
  await writeFile(file, text);
  return (
    await uploadDocument({
      client: f.sirb.client,
      containerId,
      path: itemPath,
      file,
      name,
      wrapForSelf: sirbKeys.wrapForSelf,
    })
  ).item;
}

describe('receipts', () => {
  it('the site acknowledges the version it received; the sIRB sees this version, then an earlier one', async () => {
    const sirb = sessionOf(f.sirb, sirbKeys);
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    await f.sirb.client.grantContainerAccess(study.id, other.org.id);
    const consent = await upload(study.id, 'Consent form', 'v1');
    await sirb.sharing.grant(study.id, consent.id, f.site.org.id);
    await sirb.sharing.grant(study.id, consent.id, other.org.id);
    const reader = new ReceiptReader(f.sirb.client, sirbKeys);
    const access = () => f.sirb.client.getItemAccess(study.id, consent.id);

    const before = await reader.forItem(study.id, consent, await access(), true);
    expect(before.cells.map((c) => [c.organizationName, c.state])).toEqual([
      ['Site Hospital', 'none'],
      ['Other Site', 'none'],
    ]);

    const queue = path.join(dir, 'site-queue.json');
    const sender = new ReceiptSender({ file: queue, session: async () => sessionOf(f.site, siteKeys) });
    const received = await f.site.client.getItem(study.id, consent.id);
    await sender.received(
      { containerId: study.id, item: received, headerType: 'document', action: 'opened' },
      f.site.org.id,
    );
    expect(await sender.pendingCount()).toBe(0);

    // shared with the document's owner only
    const receiptAt = receiptPath(f.site.org.id, consent.id);
    expect((await f.site.client.getItemAccess(study.id, receiptAt)).map((o) => o.id)).toEqual([
      f.site.org.id,
      f.sirb.org.id,
    ]);
    const got = await reader.forItem(study.id, consent, await access(), true);
    expect(got.cells[0]).toMatchObject({ organizationId: f.site.org.id, state: 'this', action: 'opened' });
    expect(got.cells[1]).toMatchObject({ organizationId: other.org.id, state: 'none' });

    // the same version again writes nothing
    const before2 = await f.site.client.getItem(study.id, receiptAt);
    await sender.received(
      { containerId: study.id, item: received, headerType: 'document', action: 'saved' },
      f.site.org.id,
    );
    expect((await f.site.client.getItem(study.id, receiptAt)).contentHash).toBe(before2.contentHash);

    // the sIRB replaces the document: the site has an earlier version until it opens it again
    const replaced = await upload(study.id, 'Consent form', 'v2', consent.id);
    await new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]).update(
      study.id,
      consent.id,
      f.site.org.id,
    );
    const earlier = await reader.forItem(study.id, replaced, await access(), true);
    expect(earlier.cells[0]).toMatchObject({ state: 'earlier' });
    const report1 = await reader.report(study.id, () => 'Consent form', true);
    expect(report1.rows.map((r) => r.cells.map((c) => c?.state))).toEqual([['none', 'earlier']]);
    expect(report1.organizations.map((o) => o.name)).toEqual(['Other Site', 'Site Hospital']);
    expect(reportCsv(report1)).toContain('Consent form,documents/');
    expect(reportCsv(report1)).toMatch(/Site Hospital,[0-9a-f]{32},earlier version,/);

    await sender.received(
      {
        containerId: study.id,
        item: await f.site.client.getItem(study.id, consent.id),
        headerType: 'document',
        action: 'downloaded',
      },
      f.site.org.id,
    );
    const again = await reader.forItem(study.id, replaced, await access(), true);
    expect(again.cells[0]).toMatchObject({ state: 'this', action: 'downloaded' });
    const report2 = await reader.report(study.id, () => 'Consent form', true);
    expect(report2.rows[0]!.cells.map((c) => c?.state)).toEqual(['none', 'this']);
    // the queue file holds no pending receipt, and what was acknowledged
    const saved = JSON.parse(await readFile(queue, 'utf8')) as { pending: unknown[]; sent: Record<string, string> };
    expect(saved.pending).toEqual([]);
    expect(Object.values(saved.sent)).toEqual([replaced.contentHash]);
  });

  it('a receipt read between its replacement and its re-wrap for the owner is read again after', async () => {
    const sirb = sessionOf(f.sirb, sirbKeys);
    const site = sessionOf(f.site, siteKeys);
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const doc = await upload(study.id, 'Consent', 'c1');
    await sirb.sharing.grant(study.id, doc.id, f.site.org.id);
    const at = receiptPath(f.site.org.id, doc.id);
    const body = (action: string) => ({
      type: 'receipt',
      version: 'SX.1',
      itemId: doc.id.replace(/\|/g, '/'),
      contentHash: doc.contentHash,
      itemUpdatedAt: doc.updatedAt,
      receivedAt: new Date().toISOString(),
      action,
    });
    await writeRecord(f.site.client, siteKeys, study.id, at, { header: RECEIPT_HEADER, content: body('opened') });
    await site.sharing.grant(study.id, at, f.sirb.org.id);
    const reader = new ReceiptReader(f.sirb.client, sirbKeys);
    const listed = () => f.site.client.getItem(study.id, at);
    expect((await reader.valid(study.id, await listed()))?.content.action).toBe('opened');

    // the site replaces it (a new key) and has not yet wrapped that key for the sIRB
    await writeRecord(f.site.client, siteKeys, study.id, at, { header: RECEIPT_HEADER, content: body('downloaded') });
    const between = await listed();
    expect(await reader.valid(study.id, between)).toBeUndefined();
    // the re-wrap leaves the listed version as it was: the reader must not have remembered "no receipt"
    await site.sharing.update(study.id, at, f.sirb.org.id);
    const after = await listed();
    expect(`${after.contentHash}/${after.keyHash}`).toBe(`${between.contentHash}/${between.keyHash}`);
    expect((await reader.valid(study.id, after))?.content.action).toBe('downloaded');
  });

  it('receipts another organization forged are not shown as deliveries', async () => {
    const sirb = sessionOf(f.sirb, sirbKeys);
    const otherSession = sessionOf(other, otherKeys);
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    await f.sirb.client.grantContainerAccess(study.id, other.org.id);
    const doc = await upload(study.id, 'Protocol', 'p1');
    const doc2 = await upload(study.id, 'Brochure', 'b1');
    for (const d of [doc, doc2])
      for (const org of [f.site.org.id, other.org.id]) await sirb.sharing.grant(study.id, d.id, org);
    const content = (d: Item) => ({
      type: 'receipt',
      version: 'SX.1',
      itemId: d.id.replace(/\|/g, '/'),
      contentHash: d.contentHash,
      itemUpdatedAt: d.updatedAt,
      receivedAt: new Date().toISOString(),
      action: 'opened',
    });
    const forge = async (at: string, body: unknown) => {
      await writeRecord(other.client, otherKeys, study.id, at, { header: RECEIPT_HEADER, content: body });
      await otherSession.sharing.grant(study.id, at, f.sirb.org.id);
    };

    // at the first site's path, claiming to be its receipt (the exchange may refuse it outright)
    const atSitePath = await forge(receiptPath(f.site.org.id, doc.id), content(doc)).then(
      () => 'written',
      (e: unknown) => (e as { code?: number }).code,
    );
    expect(['written', 2007]).toContain(atSitePath);
    // at its own path, with an itemId that does not hash to it
    await forge(receiptPath(other.org.id, doc.id), content(doc2));
    // at its own path for the brochure, with a contentHash that does not match what it sealed
    const sealed = sealItem(
      { header: { ...RECEIPT_HEADER }, content: Buffer.from(JSON.stringify(content(doc2))) },
      otherKeys.certificate!.publicKey,
    );
    const tamperedAt = receiptPath(other.org.id, doc2.id);
    await other.client.saveItem(study.id, tamperedAt, {
      ...sealed,
      contentHash: createHash('sha256').update('something else').digest('hex'),
    });
    await otherSession.sharing.grant(study.id, tamperedAt, f.sirb.org.id);

    const reader = new ReceiptReader(f.sirb.client, sirbKeys);
    for (const d of [doc, doc2]) {
      const delivery = await reader.forItem(study.id, d, await f.sirb.client.getItemAccess(study.id, d.id), true);
      expect(delivery.cells.map((c) => c.state)).toEqual(['none', 'none']);
    }
    const report = await reader.report(study.id, (i) => (i.id === doc.id ? 'Protocol' : 'Brochure'), true);
    expect(report.rows.flatMap((r) => r.cells.map((c) => c?.state))).toEqual(['none', 'none', 'none', 'none']);
  });

  it('a receipt that cannot be sent now waits in the queue and goes later; sending off sends nothing', async () => {
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const doc = await upload(study.id, 'Budget', 'b');
    await sessionOf(f.sirb, sirbKeys).sharing.grant(study.id, doc.id, f.site.org.id);
    const item = await f.site.client.getItem(study.id, doc.id);
    let online = false;
    const file = path.join(dir, 'offline-queue.json');
    const unreachable = f.clientFor(f.site, { baseUrl: 'http://127.0.0.1:9', retry: { attempts: 1, baseDelayMs: 1 } });
    const sender = new ReceiptSender({
      file,
      retryMs: 60_000,
      session: async () =>
        online ? sessionOf(f.site, siteKeys) : { ...sessionOf(f.site, siteKeys), client: unreachable },
    });
    await sender.received({ containerId: study.id, item, headerType: 'document', action: 'opened' }, f.site.org.id);
    expect(await sender.pendingCount()).toBe(1);
    // another sender over the same file (the app restarted) finds it and sends it
    online = true;
    const restarted = new ReceiptSender({ file, session: async () => sessionOf(f.site, siteKeys) });
    expect(await restarted.flush()).toEqual({ sent: 1, pending: 0 });
    sender.close();
    const reader = new ReceiptReader(f.sirb.client, sirbKeys);
    expect(
      (await reader.forItem(study.id, doc, await f.sirb.client.getItemAccess(study.id, doc.id), true)).cells[0]!.state,
    ).toBe('this');

    const off = new ReceiptSender({
      file: path.join(dir, 'off.json'),
      session: async () => sessionOf(f.site, siteKeys),
    });
    await off.setSending(false);
    const doc2 = await upload(study.id, 'Other', 'o');
    await sessionOf(f.sirb, sirbKeys).sharing.grant(study.id, doc2.id, f.site.org.id);
    await off.received(
      {
        containerId: study.id,
        item: await f.site.client.getItem(study.id, doc2.id),
        headerType: 'document',
        action: 'opened',
      },
      f.site.org.id,
    );
    expect(await off.pendingCount()).toBe(0);
    await expect(f.site.client.getItem(study.id, receiptPath(f.site.org.id, doc2.id))).rejects.toMatchObject({
      status: 404,
    });
  });
});
