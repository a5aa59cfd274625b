// §5 Distribution report: 1,000 documents × 10 organizations with access, from what the exchange
// listed (the study's items, each document's access list) and the receipts already read. Timed:
// validating every receipt as listed and answered (owner, path, itemId hash, schema), the join
// into the report, and its CSV. The first report of a session also fetches and decrypts each
// receipt (one content GET and one RSA unwrap apiece, cached afterwards by its hashes): the
// decrypt is timed on a sample and given per receipt.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { reportCsv } from '../shared/delivery.js';
import { issueIdentity } from '../shared/protocol/certificates.js';
import { openContent, openHeader, sealItem } from '../shared/protocol/envelope.js';
import type { Item, Organization } from '../shared/types.js';
import { importFromPem } from '../electron/services/keys/key-import.js';
import { keyHandle } from '../electron/services/keys/key-vault.js';
import { distributionReport, indexReceipts, ownedDocuments } from '../electron/services/receipts/distribution.js';
import {
  RECEIPT_HEADER,
  receiptPath,
  validateReceipt,
  type ValidReceipt,
} from '../electron/services/receipts/receipt-record.js';

export interface ReceiptsFigure {
  readonly documents: number;
  readonly organizations: number;
  readonly receipts: number;
  /** Validation of every receipt, the join and the CSV: the report once listed (median). */
  readonly reportMs: number;
  readonly validateMs: number;
  readonly joinMs: number;
  readonly csvMs: number;
  /** Decrypting one receipt (key unwrap, header and content), from a sample: the first report's extra cost. */
  readonly decryptMsPerReceipt: number;
  readonly counts: { readonly this: number; readonly earlier: number; readonly none: number };
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const org = (id: string, name: string): Organization => ({
  id,
  url: `/organizations/${id}`,
  name,
  isSirb: false,
  isDisabled: false,
  certificateUrl: '',
  thumbprint: '',
  createdAt: '',
  updatedAt: '',
});

function item(id: string, ownerId: string, contentHash: string): Item {
  const now = new Date().toISOString();
  return {
    id,
    url: '',
    contentUrl: '',
    ownerUrl: `/organizations/${ownerId}`,
    containerUrl: '',
    permissionsUrl: '',
    createdAt: now,
    updatedAt: now,
    header: '',
    headerHash: hex(32),
    contentHash,
    contentHashAlgorithm: 'SHA256',
    key: '',
    keyHash: hex(32),
    iv: '',
  } as unknown as Item;
}

export async function runReceipts(
  documents: number,
  organizations: number,
  log: (line: string) => void,
): Promise<ReceiptsFigure> {
  const owner = hex(16);
  const orgs = Array.from({ length: organizations }, (_, i) => org(hex(16), `Site ${String(i + 1).padStart(2, '0')}`));
  const access = [org(owner, 'Central IRB'), ...orgs];
  const docs = Array.from({ length: documents }, () => item(`documents|${hex(16)}`, owner, hex(32)));
  // Every organization received every document: 70% this version, 20% an earlier one, 10% not yet.
  const listedReceipts: { readonly item: Item; readonly content: unknown }[] = [];
  docs.forEach((d, i) => {
    orgs.forEach((o, j) => {
      const roll = (i * organizations + j) % 10;
      if (roll === 9) return;
      const contentHash = roll < 7 ? d.contentHash : hex(32);
      const itemId = d.id.replace('|', '/');
      listedReceipts.push({
        item: item(receiptPath(o.id, itemId).replace(/\//g, '|'), o.id, hex(32)),
        content: {
          type: 'receipt',
          version: 'SX.1',
          itemId,
          contentHash,
          itemUpdatedAt: d.updatedAt,
          receivedAt: new Date().toISOString(),
          action: 'opened',
        },
      });
    });
  });
  const listing = [...docs, ...listedReceipts.map((r) => r.item)];
  const accessLists = new Map(docs.map((d) => [d.id, access]));
  const names = new Map(docs.map((d, i) => [d.id, `Document ${i + 1}.pdf`]));
  log(`receipts: ${documents} documents × ${organizations} organizations, ${listedReceipts.length} receipts`);

  const runs = { report: [] as number[], validate: [] as number[], join: [] as number[], csv: [] as number[] };
  let counts = { this: 0, earlier: 0, none: 0 };
  for (let run = 0; run < 6; run++) {
    const t0 = performance.now();
    const valid: ValidReceipt[] = [];
    for (const r of listedReceipts) {
      const v = validateReceipt(r.item, RECEIPT_HEADER, r.content);
      if (v) valid.push(v);
    }
    const t1 = performance.now();
    const report = distributionReport({
      containerId: hex(16),
      documents: ownedDocuments(listing, owner),
      access: accessLists,
      index: indexReceipts(valid),
      nameOf: (i) => names.get(i.id)!,
      sending: true,
    });
    const t2 = performance.now();
    const csv = reportCsv(report);
    const t3 = performance.now();
    if (run === 0) {
      counts = { this: 0, earlier: 0, none: 0 };
      for (const row of report.rows) for (const c of row.cells) if (c) counts[c.state]++;
      log(
        `receipts: report ${report.rows.length} rows × ${report.organizations.length} organizations, CSV ${(csv.length / 1024).toFixed(0)} KiB (warm-up)`,
      );
      continue;
    }
    runs.validate.push(t1 - t0);
    runs.join.push(t2 - t1);
    runs.csv.push(t3 - t2);
    runs.report.push(t3 - t0);
  }

  // The first report's extra: each receipt decrypted once (then cached by its hashes).
  const identity = issueIdentity('Bench receiver');
  const imported = importFromPem(identity.privateKeyPem, identity.certificatePem);
  const keys = keyHandle('bench', imported.privateKey, imported.certificate);
  const sample = Array.from({ length: 200 }, (_, i) =>
    sealItem(
      { header: { ...RECEIPT_HEADER }, content: Buffer.from(JSON.stringify(listedReceipts[i]!.content)) },
      identity.certificatePem,
    ),
  );
  const d0 = performance.now();
  for (const sealed of sample) {
    const k = keys.openItemKey(sealed);
    openHeader(sealed, k);
    openContent(sealed, k);
  }
  const decryptMsPerReceipt = (performance.now() - d0) / sample.length;
  return {
    documents,
    organizations,
    receipts: listedReceipts.length,
    reportMs: median(runs.report),
    validateMs: median(runs.validate),
    joinMs: median(runs.join),
    csvMs: median(runs.csv),
    decryptMsPerReceipt,
    counts,
  };
}
