// The delivery cell of one document and organization: the state, and the flag for a receipt
// dated before the version it names (a receipt is the receiver's claim, its clock its own).
import { describe, expect, it } from 'vitest';
import { reportCsv } from '../../../shared/delivery.js';
import type { Item, Organization } from '../../../shared/types.js';
import { deliveryCell, distributionReport, indexReceipts } from './distribution.js';
import type { ValidReceipt } from './receipt-record.js';

const document = { id: 'documents|a', contentHash: 'b'.repeat(64), updatedAt: '2026-11-10T12:00:00.000+00:00' };
const org = { id: 'c'.repeat(32), name: 'North Site' };
const receipt = (contentHash: string, receivedAt: string, itemUpdatedAt = document.updatedAt): ValidReceipt => ({
  receiverId: org.id,
  content: {
    type: 'receipt',
    version: 'SX.1',
    itemId: 'documents/a',
    contentHash,
    itemUpdatedAt,
    receivedAt,
    action: 'opened',
  },
});

describe('deliveryCell', () => {
  it('flags this version received before it was saved, by the exchange’s date', () => {
    expect(deliveryCell(document, org, receipt(document.contentHash, '2026-11-10T12:00:01Z'))).toEqual({
      organizationId: org.id,
      organizationName: 'North Site',
      state: 'this',
      receivedAt: '2026-11-10T12:00:01Z',
      action: 'opened',
    });
    // an offset is read as one: 13:59 at +02:00 is 11:59 UTC, a minute before the version
    expect(deliveryCell(document, org, receipt(document.contentHash, '2026-11-10T13:59:00+02:00'))).toMatchObject({
      state: 'this',
      receivedBeforeVersion: true,
    });
  });

  it('judges an earlier version by the date the receipt gives it', () => {
    const earlier = (receivedAt: string) =>
      deliveryCell(document, org, receipt('d'.repeat(64), receivedAt, '2026-11-01T00:00:00Z'));
    expect(earlier('2026-11-02T00:00:00Z').receivedBeforeVersion).toBeUndefined();
    expect(earlier('2026-10-31T00:00:00Z')).toMatchObject({ state: 'earlier', receivedBeforeVersion: true });
  });

  it('the report and its CSV carry the flag', () => {
    const report = distributionReport({
      containerId: 'x',
      documents: [{ ...document, ownerUrl: `organizations/${'e'.repeat(32)}` } as Item],
      access: new Map([[document.id, [org as Organization]]]),
      index: indexReceipts([receipt(document.contentHash, '2026-11-09T00:00:00Z')]),
      nameOf: () => 'Protocol',
      sending: true,
    });
    expect(report.rows[0]!.cells[0]).toMatchObject({ receivedBeforeVersion: true });
    expect(reportCsv(report).split('\r\n')[1]).toMatch(/,opened,dated before this version was saved$/);
  });
});
