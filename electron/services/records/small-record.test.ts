// Small records on the reference exchange (decisions §5): a record up to its cap is read and
// verified, one over it is "too large" without being downloaded, and a hostile 64 MiB receipt
// leaves the owner's distribution report, and the process's memory, as they were.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyHandle } from '../keys/key-vault.js';
import { ReceiptReader } from '../receipts/receipt-reader.js';
import { receiptPath } from '../receipts/receipt-record.js';
import { ReceiptSender } from '../receipts/receipt-sender.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { newDocumentPath, uploadDocument } from '../transfers/document-upload.js';
import { writeRecord } from '../transfers/records.js';
import { MAX_CHECKLIST_BYTES, MAX_SMALL_RECORD_BYTES } from '../../../shared/limits.js';
import { readSmallRecord } from './small-record.js';

let f: ExchangeFixture;
let dir: string;
let sirbKeys: KeyHandle;
let siteKeys: KeyHandle;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-small-record-'));
  sirbKeys = await f.keysOf(f.sirb);
  siteKeys = await f.keysOf(f.site);
});
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

/** The process's peak resident set so far, in bytes (a high-water mark: it never goes down). */
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

describe('readSmallRecord', () => {
  it('reads a record up to its cap and answers "too large" for one byte more', async () => {
    const study = await f.sirb.client.createContainer();
    const write = (at: string, size: number) =>
      writeRecord(f.sirb.client, sirbKeys, study.id, at, { header: { type: 'note' }, content: randomBytes(size) });
    await write('notes/fits', MAX_SMALL_RECORD_BYTES);
    await write('notes/over', MAX_SMALL_RECORD_BYTES + 1);

    const fits = await readSmallRecord(f.sirb.client, sirbKeys, study.id, 'notes/fits');
    expect(fits.tooLarge).toBeUndefined();
    if (!fits.tooLarge) {
      expect(fits.bytes.length).toBe(MAX_SMALL_RECORD_BYTES);
      expect(fits.header.type).toBe('note');
      expect(fits.item.id).toBe('notes|fits');
    }
    expect(await readSmallRecord(f.sirb.client, sirbKeys, study.id, 'notes/over')).toEqual({
      tooLarge: true,
      maxContentBytes: MAX_SMALL_RECORD_BYTES,
    });
    // a checklist's cap is larger
    const checklist = await readSmallRecord(f.sirb.client, sirbKeys, study.id, 'notes/over', {
      maxContentBytes: MAX_CHECKLIST_BYTES,
    });
    expect(checklist.tooLarge).toBeUndefined();
  });

  it('a hostile 64 MiB receipt is ignored by the distribution report and memory stays flat', async () => {
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const sirbSharing = new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]);
    const siteSharing = new SharingService(f.site.client, siteKeys, [f.ca.certificatePem]);
    const upload = async (name: string, bytes: Buffer, itemPath: string, client = f.sirb.client, keys = sirbKeys) => {
      const file = path.join(dir, name);
      await writeFile(file, bytes);
      return (
        await uploadDocument({
          client,
          containerId: study.id,
          path: itemPath,
          file,
          name,
          wrapForSelf: keys.wrapForSelf,
        })
      ).item;
    };
    const protocol = await upload('protocol.txt', Buffer.from('p1'), newDocumentPath('documents'));
    const consent = await upload('consent.txt', Buffer.from('c1'), newDocumentPath('documents'));
    for (const d of [protocol, consent]) await sirbSharing.grant(study.id, d.id, f.site.org.id);

    // the site acknowledges the protocol honestly
    const sender = new ReceiptSender({
      file: path.join(dir, 'queue.json'),
      session: async () => ({ client: f.site.client, keys: siteKeys, sharing: siteSharing }),
    });
    await sender.received(
      {
        containerId: study.id,
        item: await f.site.client.getItem(study.id, protocol.id),
        headerType: 'document',
        action: 'opened',
      },
      f.site.org.id,
    );
    // and puts 64 MiB at the consent form's receipt path (streamed up, so writing it costs no memory)
    const hostileSize = 64 * 1024 * 1024;
    const hostileAt = receiptPath(f.site.org.id, consent.id);
    await upload('hostile.bin', randomBytes(hostileSize), hostileAt, f.site.client, siteKeys);
    await siteSharing.grant(study.id, hostileAt, f.sirb.org.id);

    const before = peakRss();
    const reader = new ReceiptReader(f.sirb.client, sirbKeys);
    const report = await reader.report(study.id, (d) => (d.id === protocol.id ? 'Protocol' : 'Consent'), true);
    const direct = await readSmallRecord(f.sirb.client, sirbKeys, study.id, hostileAt);
    const grown = peakRss() - before;

    expect(direct.tooLarge).toBe(true);
    const states = Object.fromEntries(report.rows.map((r) => [r.name, r.cells.map((c) => c?.state)]));
    expect(states).toEqual({ Consent: ['none'], Protocol: ['this'] });
    // Read whole, the receipt's answer alone is 85 MiB of Base-64 text, then 64 MiB of
    // ciphertext and 64 MiB of plaintext: the peak would grow by far more than this bound.
    expect(grown).toBeLessThan(16 * 1024 * 1024);
  });
});
