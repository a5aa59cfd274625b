// §8 Binder: what the window computes once a study is listed (decisions §9), with the same
// functions main calls for binder.status and binder.expiring. The binder: 200 sites × 40
// expected items over 8,000 documents (one per cell, spread over received, expiring, expired,
// needs expiry and missing), each document's §8 fields read from its opened header
// (fulfilmentDocuments), then binderView (computeFulfilment and the summaries); target < 0.5 s.
// The expiring view: 200 studies of 40 documents with expiry dates (expiringDocuments over what
// the shared refresh keeps); target < 1 s. Headers are opened by the caller in both (the
// session's cache): no crypto or store here.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays } from '../shared/binder/calendar-date.js';
import { binderView } from '../shared/binder/binder-view.js';
import type { ChecklistItem } from '../shared/binder/checklist.js';
import { DOCUMENT_TYPES } from '../shared/binder/document-types.js';
import { expiringDocuments, type StudyDocuments } from '../shared/binder/expiring.js';
import { readDocumentFields } from '../shared/binder/header-fields.js';
import type { BinderOrganization } from '../shared/binder/views.js';
import type { Item, RecordHeader } from '../shared/types.js';
import { fulfilmentDocuments } from '../electron/services/binder/binder-documents.js';

export interface BinderFigure {
  readonly sites: number;
  readonly expectedItems: number;
  readonly documents: number;
  /** Median of 5 runs: the listing's documents read, then the binder computed. */
  readonly binderMs: number;
  /** Of which reading the documents' §8 fields from their opened headers (fulfilmentDocuments). */
  readonly readMs: number;
  readonly cells: number;
  readonly binderTargetMs: number;
  readonly studies: number;
  readonly expiringDocuments: number;
  /** Median of 5 runs of the expiring view over every study. */
  readonly expiringMs: number;
  readonly expiringListed: number;
  readonly expiringTargetMs: number;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const TODAY = '2026-11-28';
/** Expiry dates from long expired to well beyond the warning period. */
const expiryOf = (i: number): string | undefined =>
  i % 5 === 4 ? undefined : addDays(TODAY, [-40, 12, 45, 400][i % 4]!);

function listedItem(id: string, ownerId: string): Item {
  return {
    id,
    url: `/containers/c/items/${id}`,
    contentUrl: `/containers/c/items/${id}/content`,
    ownerUrl: `/organizations/${ownerId}`,
    containerUrl: '/containers/c',
    permissionsUrl: `/containers/c/items/${id}/permissions`,
    header: '',
    headerHash: hex(32),
    headerHashAlgorithm: 'SHA256',
    contentHash: hex(32),
    contentHashAlgorithm: 'SHA256',
    key: '',
    keyHash: hex(32),
    keyHashAlgorithm: 'SHA256',
    iv: '',
    algorithm: 'AES',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 1e10)).toISOString(),
  };
}

export async function runBinder(
  sites: number,
  expectedItems: number,
  studies: number,
  log: (line: string) => void,
): Promise<BinderFigure> {
  log(`binder: ${sites} sites × ${expectedItems} expected items; expiring view over ${studies} studies`);
  const ownerId = hex(16);
  const organizations: BinderOrganization[] = [
    { id: ownerId, name: 'Bench sIRB', isOwner: true },
    ...Array.from({ length: sites }, (_, i) => ({ id: hex(16), name: `Site ${i}`, isOwner: false })),
  ];
  const types = DOCUMENT_TYPES.filter((t) => t.code !== 'other');
  const items: ChecklistItem[] = Array.from({ length: expectedItems }, (_, i) => ({
    id: `item-${i}`,
    title: `Expected ${i}`,
    // more items than types: the same type expected twice is allowed (the latest document fills both)
    docType: `${types[i % types.length]!.code}${i >= types.length ? `-${i}` : ''}`,
    from: 'each-site',
    ...(i % 3 === 0 ? { needsExpiry: true } : {}),
    ...(i % 7 === 0 ? { dueOn: addDays(TODAY, (i % 2) * 20 - 10) } : {}),
  }));
  // one document per cell, except every 9th cell missing, replaced by a document of no expected type
  const listed: Item[] = [];
  const headers = new Map<string, RecordHeader>();
  let n = 0;
  for (const site of organizations.slice(1))
    for (const item of items) {
      const id = `site-${site.id}|${hex(8)}`;
      const expiresOn = expiryOf(n);
      headers.set(id, {
        type: 'document',
        version: 'IRBX.2',
        name: `${item.title} ${n}.pdf`,
        docType: n % 9 === 8 ? 'other' : item.docType,
        ...(expiresOn ? { expiresOn } : {}),
        ...(n % 4 === 0 ? { person: { name: `Person ${n}` } } : {}),
      });
      listed.push(listedItem(id, site.id));
      n++;
    }

  const binderTimes: number[] = [];
  const readTimes: number[] = [];
  let cells = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const documents = fulfilmentDocuments(listed, (item) => headers.get(item.id));
    readTimes.push(performance.now() - t0);
    const view = binderView({
      containerId: hex(16),
      items,
      problems: [],
      ownerId,
      organizations,
      viewerId: ownerId,
      documents,
      today: TODAY,
      warningDays: 30,
    });
    binderTimes.push(performance.now() - t0);
    cells = view.cells.length;
  }

  // the expiring view: what the shared refresh keeps per study (fields read from each header once)
  const perStudy = 40;
  const study: StudyDocuments[] = Array.from({ length: studies }, (_, s) => ({
    containerId: hex(16),
    studyTitle: `Protocol 2026-${String(s).padStart(3, '0')}`,
    documents: Array.from({ length: perStudy }, (_, d) => {
      const expiresOn = addDays(TODAY, ((s * perStudy + d) % 500) - 100);
      return {
        path: `site/${hex(8)}`,
        name: `Document ${d}.pdf`,
        ownerId: organizations[1 + (d % sites)]!.id,
        fields: readDocumentFields({ type: 'document', version: 'IRBX.2', docType: 'cv', expiresOn })!,
      };
    }),
  }));
  const names = new Map(organizations.map((o) => [o.id, o.name]));
  const expiringTimes: number[] = [];
  let expiringListed = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const out = expiringDocuments(study, {
      today: TODAY,
      withinDays: 90,
      viewerId: ownerId,
      organizationName: (id) => names.get(id) ?? id,
    });
    expiringTimes.push(performance.now() - t0);
    expiringListed = out.length;
  }
  return {
    sites,
    expectedItems,
    documents: listed.length,
    binderMs: median(binderTimes),
    readMs: median(readTimes),
    cells,
    binderTargetMs: 500,
    studies,
    expiringDocuments: studies * perStudy,
    expiringMs: median(expiringTimes),
    expiringListed,
    expiringTargetMs: 1000,
  };
}

export function binderSection(f: BinderFigure): string {
  const verdict = (ms: number, target: number) => (ms < target ? 'met' : `missed by ${(ms - target).toFixed(0)} ms`);
  return [
    '## 8. Binder',
    '',
    '| view | size | time | target |',
    '|---|---|---|---|',
    `| binder once listed | ${f.sites} sites × ${f.expectedItems} items, ${f.documents} documents, ${f.cells} cells | ${f.binderMs.toFixed(1)} ms (reading the documents ${f.readMs.toFixed(1)} ms) | < ${f.binderTargetMs} ms: ${verdict(f.binderMs, f.binderTargetMs)} |`,
    `| expiring view | ${f.studies} studies, ${f.expiringDocuments} documents with an expiry, ${f.expiringListed} listed | ${f.expiringMs.toFixed(1)} ms | < ${f.expiringTargetMs} ms: ${verdict(f.expiringMs, f.expiringTargetMs)} |`,
  ].join('\n');
}
