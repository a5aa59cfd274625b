// Receipts through main's real handlers and sessions against the reference exchange: the site's
// verified download sends one without the open waiting, the sIRB's details and report show it,
// and receipts never appear among the study's documents or in Find.
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferView } from '../../../shared/ipc/views.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import { receiptPath } from '../../services/receipts/receipt-record.js';
import { receiptQueueFile } from '../../services/receipts/receipt-sender.js';
import { readRecord, writeRecord } from '../../services/transfers/records.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../profiles/session.js';
import { AppReceipts } from './receipt-state.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import { itemHandlers } from '../file-manager/item-handlers.js';
import { receiptAction, receiptAfterDownload, receiptHandlers, receiptSender } from './receipt-handlers.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: Session;
let site: Session;
let sirbCtx: AppContext;
let siteCtx: AppContext;

const ctxOf = (s: Session, dataDir: string): AppContext =>
  ({
    session: async () => s,
    options: { dataDir },
    record: async () => undefined,
    receipts: new AppReceipts(),
  }) as unknown as AppContext;
const verified = Promise.resolve({ state: 'verified' } as TransferView);

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'receipt-handlers-'));
  sirb = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'), fx.url, [fx.ca.certificatePem]);
  site = await fixtureSession(fx, fx.site, join(dir, 'site'), fx.url, [fx.ca.certificatePem]);
  sirbCtx = ctxOf(sirb, join(dir, 'sirb-data'));
  siteCtx = ctxOf(site, join(dir, 'site-data'));
}, 60_000);

afterAll(async () => {
  sirb?.close();
  site?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function shared(containerId: string, name: string): Promise<string> {
  const file = join(dir, `${name}.txt`);
  await writeFile(file, name);
  const path = newDocumentPath('documents');
  await uploadDocument({ client: sirb.client, containerId, path, file, name, wrapForSelf: sirb.keys.wrapForSelf });
  await sirb.sharing.grant(containerId, path, fx.site.org.id);
  return path;
}

describe('receipts in the app', () => {
  it('the site opens the sIRB’s document: the sIRB’s details and report show it; receipts are not documents', async () => {
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    const consent = await shared(containerId, 'Consent form');
    const owner = receiptHandlers(sirbCtx);
    expect((await owner['receipts.forItem']({ containerId, itemPath: consent })).cells.map((c) => c.state)).toEqual([
      'none',
    ]);

    // the open does not wait for the receipt: it is sent once the download is verified
    let finish: (v: TransferView) => void = () => undefined;
    const finished = new Promise<TransferView>((resolve) => (finish = resolve));
    const sent = receiptAfterDownload(
      siteCtx,
      site,
      containerId,
      await site.client.getItem(containerId, consent),
      'document',
      receiptAction('open', true),
      finished,
    );
    expect((await owner['receipts.forItem']({ containerId, itemPath: consent })).cells[0]!.state).toBe('none');
    finish({ state: 'verified' } as TransferView);
    await sent;
    expect((await owner['receipts.forItem']({ containerId, itemPath: consent })).cells[0]).toMatchObject({
      state: 'this',
      action: 'opened',
    });
    // a structured record of the sIRB's is not a document: no row
    await writeRecord(sirb.client, sirb.keys, containerId, 'records/site-activation', {
      header: { type: 'site-activation', name: 'Activation' },
      content: { ok: true },
    });
    const report = await owner['receipts.report']({ containerId });
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({ name: 'Consent form.txt', itemPath: consent });
    expect(report.rows[0]!.cells[0]).toMatchObject({ organizationName: 'Site Hospital', state: 'this' });

    // the receipt is granted to the sIRB, but it is not one of the study's documents
    const listed = await itemHandlers(sirbCtx)['items.list']({ containerId });
    expect(listed.map((v) => v.path)).toEqual([consent, 'records/site-activation']);
    const siteListed = await itemHandlers(siteCtx)['items.list']({ containerId });
    expect(siteListed.map((v) => v.path)).toEqual([consent]);
    const found = await sirb.search.find('receipt');
    expect(found.hits.filter((h) => h.itemPath.startsWith('receipts'))).toEqual([]);

    // only the owner asks who received a document
    await expect(
      receiptHandlers(siteCtx)['receipts.forItem']({ containerId, itemPath: consent }),
    ).rejects.toMatchObject({ code: 'not-owner' });
  });

  it('with sending off, a received document leaves no receipt, and the window can say so', async () => {
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    const doc = await shared(containerId, 'Budget');
    const siteHandlers = receiptHandlers(siteCtx);
    expect(await siteHandlers['receipts.setSending']({})).toEqual({ sending: true, pending: 0 });
    expect(await siteHandlers['receipts.setSending']({ sending: false })).toEqual({ sending: false, pending: 0 });
    await receiptAfterDownload(
      siteCtx,
      site,
      containerId,
      await site.client.getItem(containerId, doc),
      'document',
      'saved',
      verified,
    );
    const delivery = await receiptHandlers(sirbCtx)['receipts.forItem']({ containerId, itemPath: doc });
    expect(delivery.cells.map((c) => c.state)).toEqual(['none']);
    await siteHandlers['receipts.setSending']({ sending: true });
  });

  it('a receipt still goes out when the window switched to another profile meanwhile', async () => {
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    const doc = await shared(containerId, 'Monitoring plan');
    // the site received it; the active profile is the sIRB's by the time the receipt is sent
    const switched = { ...siteCtx, receipts: new AppReceipts(), session: async () => sirb } as AppContext;
    await receiptAfterDownload(
      switched,
      site,
      containerId,
      await site.client.getItem(containerId, doc),
      'document',
      'opened',
      verified,
    );
    expect(await receiptSender(switched, site.profile.id).pendingCount()).toBe(0);
    const delivery = await receiptHandlers(sirbCtx)['receipts.forItem']({ containerId, itemPath: doc });
    expect(delivery.cells.map((c) => c.state)).toEqual(['this']);
  });

  it('receipts left from an earlier run go out once the window asks', async () => {
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    const doc = await shared(containerId, 'Pharmacy manual');
    const dataDir = join(dir, 'restart-data');
    // no session at hand when it was received (the app was closing): it waits in the queue file
    const closing = { ...ctxOf(site, dataDir), session: async () => Promise.reject(new Error('closed')) } as AppContext;
    await receiptSender(closing, site.profile.id).received(
      { containerId, item: await site.client.getItem(containerId, doc), headerType: 'document', action: 'saved' },
      fx.site.org.id,
    );
    receiptSender(closing, site.profile.id).close();
    expect(await receiptSender(closing, site.profile.id).pendingCount()).toBe(1);

    const restarted = ctxOf(site, dataDir);
    // its answer comes after the send it started (one queue), so it says none is left
    expect(await receiptHandlers(restarted)['receipts.setSending']({})).toEqual({ sending: true, pending: 0 });
    const delivery = await receiptHandlers(sirbCtx)['receipts.forItem']({ containerId, itemPath: doc });
    expect(delivery.cells[0]).toMatchObject({ state: 'this', action: 'saved' });
  });

  it('once the app closed, or the profile was removed, a late receipt makes no sender and writes no queue', async () => {
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    const doc = await shared(containerId, 'Delegation log');
    const item = await site.client.getItem(containerId, doc);
    const exists = (file: string) =>
      access(file).then(
        () => true,
        () => false,
      );
    // no session at hand (as while closing): a sender made now would queue the receipt in its
    // file and start its retry timer
    const unsent = (dataDir: string) =>
      ({ ...ctxOf(site, dataDir), session: async () => Promise.reject(new Error('closed')) }) as AppContext;

    const closed = unsent(join(dir, 'closed-data'));
    let finish: (v: TransferView) => void = () => undefined;
    const late = receiptAfterDownload(
      closed,
      site,
      containerId,
      item,
      'document',
      'opened',
      new Promise<TransferView>((resolve) => (finish = resolve)),
    );
    await closed.receipts.close();
    // the download settles after close: the continuation ends quietly
    finish({ state: 'verified' } as TransferView);
    await late;
    // no sender is made (so no timer holds the app), and nothing was written
    expect(() => receiptSender(closed, site.profile.id)).toThrow(/closing/);
    expect(await exists(receiptQueueFile(join(dir, 'closed-data'), site.profile.id))).toBe(false);

    const removed = unsent(join(dir, 'removed-data'));
    await removed.receipts.forget(site.profile.id);
    await receiptAfterDownload(removed, site, containerId, item, 'document', 'saved', verified);
    expect(() => receiptSender(removed, site.profile.id)).toThrow(/removed/);
    expect(await exists(receiptQueueFile(join(dir, 'removed-data'), site.profile.id))).toBe(false);
    // before, the same late receipt is queued in the file (the part the two cases refuse)
    const open = unsent(join(dir, 'open-data'));
    await receiptAfterDownload(open, site, containerId, item, 'document', 'saved', verified);
    expect(await exists(receiptQueueFile(join(dir, 'open-data'), site.profile.id))).toBe(true);
    receiptSender(open, site.profile.id).close();
  });

  it('records are not acknowledged: the study record and a receipt send nothing back', async () => {
    const containerId = (await sirb.client.createContainer()).id;
    await sirb.client.grantContainerAccess(containerId, fx.site.org.id);
    const doc = await shared(containerId, 'Recruitment plan');
    await receiptAfterDownload(
      siteCtx,
      site,
      containerId,
      await site.client.getItem(containerId, doc),
      'document',
      'opened',
      verified,
    );
    const siteReceipt = receiptPath(fx.site.org.id, doc);
    await writeRecord(sirb.client, sirb.keys, containerId, 'study', {
      header: { type: 'study' },
      content: { title: 'R' },
    });
    await sirb.sharing.grant(containerId, 'study', fx.site.org.id);

    // each reader opens what it received, with the header type it decrypted
    const received = async (s: Session, ctx: AppContext, path: string) => {
      const opened = await readRecord(s.client, s.keys, containerId, path);
      await receiptAfterDownload(ctx, s, containerId, opened.item, opened.header.type, 'opened', verified);
      return opened.header.type;
    };
    expect(await received(sirb, sirbCtx, siteReceipt)).toBe('receipt');
    expect(await received(site, siteCtx, 'study')).toBe('study');
    // at a reserved path even a header that says "document" is not acknowledged
    await receiptAfterDownload(
      siteCtx,
      site,
      containerId,
      await site.client.getItem(containerId, 'study'),
      'document',
      'saved',
      verified,
    );

    const receipts = await sirb.client.listItems(containerId, 'receipts', { recurse: true });
    expect((Array.isArray(receipts) ? receipts : [receipts]).map((i) => i.id)).toEqual([
      siteReceipt.replace(/\//g, '|'),
    ]);
    await expect(site.client.getItem(containerId, receiptPath(fx.sirb.org.id, siteReceipt))).rejects.toMatchObject({
      status: 404,
    });
  });
});
