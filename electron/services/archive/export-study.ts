// Export of a whole study as an archive (docs/protocol.md, "A study archive"; decisions §11):
// every document the exporter can open, downloaded one at a time, verified against its three
// hashes and written straight into the folder or zip; the records, receipts, sign-offs with
// their signed bytes and certificates, the trust anchors, CSVs, an index page and verify.sh;
// SHA256SUMS over all of it. Memory stays flat: only one document is in flight, as a stream.
// A document it lists but cannot open is named in the manifest with the reason, never left out
// silently. The archive appears under its name only once whole (archive-sink.ts).
import { createHash } from 'node:crypto';
import { ArchivePaths } from '../../../shared/archive/archive-paths.js';
import { reportCsv } from '../../../shared/delivery.js';
import { cleanFileName, cleanText } from '../../../shared/file-name.js';
import { asDocument, shownName } from '../../../shared/headers.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import { openHeader, type ItemFields, type ItemKey } from '../../../shared/protocol/envelope.js';
import { fallbackStudyTitle, parseStudyRecord, STUDY_RECORD_PATH } from '../../../shared/study-record.js';
import type { DocumentHeader, Item } from '../../../shared/types.js';
import type { ExchangeClient } from '../exchange-client.js';
import { CancelledError } from '../exchange-errors.js';
import { ReceiptReader } from '../receipts/receipt-reader.js';
import { ownerIdOf } from '../receipts/receipt-record.js';
import { readRecord } from '../transfers/records.js';
import { downloadInto } from '../transfers/document-download.js';
import { DocumentFailed, folderSink, zipSink, type ArchiveSink } from './archive-sink.js';
import { readDocumentFields } from '../../../shared/binder/header-fields.js';
import { indexHtml } from './index-html.js';
import { archiveCsvs } from './archive-csv.js';
import type {
  ArchivedReceipt,
  ArchiveProgress,
  ArchiveSummary,
  ChecklistPart,
  LeftOut,
  Manifest,
  ManifestDocument,
  ManifestSignoff,
  SignoffSource,
} from './archive-model.js';
import { VERIFY_SH } from './verify-script.js';

export interface ExportInput {
  readonly client: ExchangeClient;
  readonly keys: { openItemKey(item: ItemFields): ItemKey };
  readonly containerId: string;
  /** A folder to create, or a file ending in `.zip`. */
  readonly destination: string;
  readonly exchangeUrl: string;
  readonly exporter: { readonly organizationName: string; readonly person?: string };
  /** The profile's trust anchors (PEM): what sign-offs are checked against, in the archive too. */
  readonly trustAnchors: readonly string[];
  /** Only the documents this organization owns. */
  readonly onlyMine?: boolean;
  /** This study's activity log as CSV (audit.csv), given the study as the archive names it. */
  readonly audit?: (study: Manifest['study']) => Promise<string>;
  readonly signoffs?: SignoffSource;
  readonly checklist?: (items: readonly Item[]) => Promise<ChecklistPart | undefined>;
  readonly now?: () => Date;
  readonly onProgress?: (progress: ArchiveProgress) => void;
  readonly signal?: AbortSignal;
}

interface Listed {
  readonly item: Item;
  readonly header: DocumentHeader;
}

/** The binder fields (decisions §8) that read well; an unreadable one is left out of the manifest. */
function knownFields(
  header: DocumentHeader,
): Pick<ManifestDocument, 'docType' | 'expiresOn' | 'person' | 'versionLabel'> {
  const { docType, expiresOn, person, versionLabel } = readDocumentFields(header) ?? {};
  return {
    ...(docType ? { docType } : {}),
    ...(expiresOn ? { expiresOn } : {}),
    ...(person ? { person } : {}),
    ...(versionLabel ? { versionLabel } : {}),
  };
}

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/** Why a document the exporter listed cannot go in, in words for the manifest. */
function reasonFor(e: unknown): string {
  const failure = (e as { failure?: string }).failure;
  if (failure === 'key-hash') return 'being re-keyed by its owner (its key does not match yet)';
  if (failure === 'wrong-key' || failure === 'decrypt')
    return 'wrapped for a key this profile does not hold (for example a certificate it no longer has)';
  if (failure === 'content-hash' || failure === 'header-hash') return `failed its ${failure.replace('-', ' ')} check`;
  return cleanText(e instanceof Error ? e.message : String(e)).slice(0, 300);
}

/**
 * Each document's key unwrapped (RSA) once, not at the listing and twice more in its download:
 * the export's extra work per document over a plain download. A key is kept, like the listing
 * it came from, until its document is written (`forget`).
 */
function keysOpenedOnce(keys: ExportInput['keys']): ExportInput['keys'] & { forget(item: ItemFields): void } {
  const opened = new Map<string, ItemKey>();
  // the same inputs give the same key (openItemKey is a pure function of them); failures are not kept
  const idOf = (item: ItemFields): string => `${item.algorithm ?? ''}|${item.iv}|${item.keyHash}|${item.key}`;
  return {
    openItemKey(item) {
      const id = idOf(item);
      let k = opened.get(id);
      if (!k) opened.set(id, (k = keys.openItemKey(item)));
      return k;
    },
    forget: (item) => void opened.delete(idOf(item)),
  };
}

export async function exportStudy(input: ExportInput): Promise<ArchiveSummary> {
  const sink = input.destination.toLowerCase().endsWith('.zip')
    ? await zipSink(input.destination)
    : await folderSink(input.destination);
  try {
    return await writeArchive(input, sink);
  } catch (e) {
    await sink.abort();
    throw e;
  }
}

async function writeArchive(input: ExportInput, sink: ArchiveSink): Promise<ArchiveSummary> {
  const { client, containerId, signal } = input;
  const self = client.organizationId;
  const sums = new Map<string, string>();
  const add = async (path: string, bytes: Buffer | string, executable = false): Promise<void> => {
    await sink.addBytes(path, bytes, { executable });
    sums.set(path, sha256(bytes));
  };

  const [container, listed, organizations] = await Promise.all([
    client.getContainer(containerId, { signal }),
    client.listItems(containerId, undefined, { recurse: true, signal }),
    client.listOrganizations(undefined, { signal }),
  ]);
  const items = Array.isArray(listed) ? listed : [listed];
  const names = new Map(organizations.map((o) => [o.id, cleanText(o.name)]));
  const orgName = (id: string): string => names.get(id) ?? id;

  // the study record: the container owner's only (decisions §6)
  let study: Manifest['study'] = { id: containerId, title: fallbackStudyTitle(containerId) };
  const studyItem = items.find((i) => toSlashForm(i.id) === STUDY_RECORD_PATH && ownerIdOf(i) === container.ownerId);
  if (studyItem) {
    const record = await readRecord(client, input.keys, containerId, STUDY_RECORD_PATH, { signal }).catch(
      () => undefined,
    );
    if (record?.content !== undefined) {
      try {
        const parsed = parseStudyRecord(record.content);
        study = {
          id: containerId,
          title: cleanText(parsed.title),
          ...(parsed.protocolNumber ? { protocolNumber: cleanText(parsed.protocolNumber) } : {}),
        };
        await add('records/study.json', JSON.stringify(record.content, null, 2) + '\n');
      } catch {
        // an unreadable record: the archive names the study by its id
      }
    }
  }

  const documents: Listed[] = [];
  const notIncluded: LeftOut[] = [];
  const keys = keysOpenedOnce(input.keys);
  for (const item of items) {
    if (isReservedItemId(item.id)) continue;
    if (input.onlyMine && ownerIdOf(item) !== self) continue;
    const owner = { id: ownerIdOf(item), name: orgName(ownerIdOf(item)) };
    try {
      const header = asDocument(openHeader(item, keys.openItemKey(item)));
      if (header) documents.push({ item, header });
      else keys.forget(item);
    } catch (e) {
      notIncluded.push({ itemId: toSlashForm(item.id), owner, updatedAt: item.updatedAt, reason: reasonFor(e) });
    }
  }

  const receipts = await ownReceipts(input, documents);
  const paths = new ArchivePaths();
  const progress: { -readonly [K in keyof ArchiveProgress]: ArchiveProgress[K] } = {
    documentsDone: 0,
    documentsTotal: documents.length,
    bytesDone: 0,
    bytesTotal: documents.reduce((sum, d) => sum + (d.header.size ?? 0), 0),
  };
  input.onProgress?.({ ...progress });

  const manifestDocuments: ManifestDocument[] = [];
  const certificates = new Map<string, string>();
  let signoffCount = 0;
  for (const { item, header } of documents) {
    if (signal?.aborted) throw new CancelledError('The export was cancelled.');
    const itemId = toSlashForm(item.id);
    const owner = { id: ownerIdOf(item), name: orgName(ownerIdOf(item)) };
    const name = shownName(header, itemId);
    const path = paths.documentPath(itemId, header.fileName);
    const before = progress.bytesDone;
    let written: { contentHash: string; bytes: number } | undefined;
    try {
      await sink.addVerified(
        path,
        async (open) => {
          const result = await downloadInto(
            {
              client,
              keys,
              containerId,
              path: item.id,
              signal,
              onProgress: (p) => {
                progress.bytesDone = before + p.bytes;
                input.onProgress?.({ ...progress });
              },
            },
            open,
          );
          written = { contentHash: result.contentHash, bytes: result.bytes };
        },
        { mtime: new Date(item.updatedAt), ...(typeof header.size === 'number' ? { size: header.size } : {}) },
      );
    } catch (e) {
      if (signal?.aborted) throw new CancelledError('The export was cancelled.');
      // only the document's own failure leaves it out; the archive's (disk full, I/O) ends the export
      if (!(e instanceof DocumentFailed)) throw e;
      notIncluded.push({ itemId, name, owner, updatedAt: item.updatedAt, reason: reasonFor(e.reason) });
      progress.bytesDone = before + (header.size ?? 0);
      progress.documentsDone += 1;
      input.onProgress?.({ ...progress });
      continue;
    } finally {
      keys.forget(item);
    }
    const done = written!;
    sums.set(path, done.contentHash);
    const signoffs: ManifestSignoff[] = [];
    for (const s of (await input.signoffs?.({ itemPath: itemId, contentHash: done.contentHash })) ?? []) {
      const file = `signoffs/${++signoffCount}`;
      await add(`${file}.json`, JSON.stringify(s.record));
      await add(`${file}.statement.json`, s.statementBytes);
      await add(`${file}.sig`, s.signature);
      if (s.certificatePem) certificates.set(s.thumbprint, s.certificatePem);
      signoffs.push({
        file: `${file}.json`,
        signerName: s.signerName,
        ...(s.signerRole ? { signerRole: s.signerRole } : {}),
        organizationId: s.organizationId,
        organizationName: s.organizationName,
        signedAt: s.signedAt,
        meaning: s.meaning,
        ...(s.comment ? { comment: s.comment } : {}),
        certificate: s.thumbprint,
        valid: s.valid,
        ...(s.reason ? { reason: s.reason } : {}),
        thisVersion: s.thisVersion,
      });
    }
    manifestDocuments.push({
      itemId,
      path,
      name,
      fileName: cleanFileName(header.fileName),
      ...knownFields(header),
      owner,
      updatedAt: item.updatedAt,
      contentHash: done.contentHash,
      size: done.bytes,
      receipts: receipts.byItem.get(itemId) ?? [],
      signoffs,
    });
    progress.documentsDone += 1;
    progress.bytesDone = before + done.bytes;
    input.onProgress?.({ ...progress });
  }

  for (const [thumbprint, pem] of certificates) await add(`certificates/${thumbprint}.pem`, pem);
  await add('certificates/trust-anchors.pem', input.trustAnchors.join('\n'));

  const checklist = await input.checklist?.(items);
  if (checklist) await add('records/checklist.json', JSON.stringify(checklist.record, null, 2) + '\n');

  const manifest: Manifest = {
    format: 'study-exchange-archive',
    formatVersion: 'SX.1',
    study,
    exportedAt: (input.now?.() ?? new Date()).toISOString(),
    exportedBy: {
      organizationId: self,
      organizationName: cleanText(input.exporter.organizationName),
      ...(input.exporter.person ? { person: cleanText(input.exporter.person) } : {}),
    },
    exchange: input.exchangeUrl,
    onlyMine: input.onlyMine ?? false,
    documents: manifestDocuments,
    notIncluded,
    ...(checklist ? { checklist: checklist.rows } : {}),
  };
  await add('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
  for (const [file, text] of Object.entries(archiveCsvs(checklist?.csv, await input.audit?.(study), receipts.csv)))
    await add(file, text);
  await add('index.html', indexHtml(manifest));
  await add('verify.sh', VERIFY_SH, true);
  const lines = [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([p, h]) => `${h}  ${p}\n`);
  await sink.addBytes('SHA256SUMS', lines.join(''));
  const destination = await sink.finish();
  return {
    destination,
    documents: manifestDocuments.length,
    bytes: manifestDocuments.reduce((s, d) => s + d.size, 0),
    signoffs: signoffCount,
    notIncluded,
  };
}

/** The receipts of the exporter's own documents (only an owner can read them), per item id, and their CSV. */
async function ownReceipts(
  input: ExportInput,
  documents: readonly Listed[],
): Promise<{ readonly byItem: Map<string, ArchivedReceipt[]>; readonly csv?: string }> {
  const self = input.client.organizationId;
  const byId = new Map(documents.map((d) => [d.item.id, d.header]));
  const byItem = new Map<string, ArchivedReceipt[]>();
  if (!documents.some((d) => ownerIdOf(d.item) === self)) return { byItem };
  const report = await new ReceiptReader(input.client, input.keys).report(
    input.containerId,
    (i) => (byId.has(i.id) ? shownName(byId.get(i.id), toSlashForm(i.id)) : undefined),
    true,
    { signal: input.signal },
  );
  for (const row of report.rows)
    byItem.set(
      row.itemPath,
      row.cells.flatMap((c) =>
        c
          ? [
              {
                organizationId: c.organizationId,
                organizationName: cleanText(c.organizationName),
                state: c.state,
                ...(c.receivedAt ? { receivedAt: c.receivedAt } : {}),
                ...(c.action ? { action: c.action } : {}),
              },
            ]
          : [],
      ),
    );
  return { byItem, csv: reportCsv(report) };
}
