// The figures as one Markdown report, each target beside the figure with met / missed by how much.
import type { ListingRun } from './listing.js';
import type { ReceiptsFigure } from './receipts.js';
import type { RefreshFigure } from './refresh.js';
import type { RequestFigure } from './requests.js';
import type { TransferRun } from './transfers.js';

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly node: string;
  readonly date: string;
}

const f = (n: number | null | undefined, digits = 2): string =>
  n === null || n === undefined ? 'n/a' : n.toFixed(digits);

/** "met (x of limit)" or "missed by y (x of limit)" for a figure that must stay under a limit. */
export function verdict(value: number, limit: number, unit: string): string {
  if (value <= limit) return `met (${f(value)} ${unit} ≤ ${f(limit)} ${unit})`;
  return `**missed** by ${f(value - limit)} ${unit} (${f(value)} ${unit} > ${f(limit)} ${unit}, ${f((value / limit - 1) * 100, 0)}% over)`;
}

/** A section title's store, when the run covers more than one. */
const on = (store: string): string => (store ? ` — ${store}` : '');

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

export function transfersSection(run: TransferRun, store = ''): string {
  const rows = run.figures.map((t) => [
    `${t.sizeMiB} MiB`,
    t.direction,
    f(t.seconds),
    f(t.mbPerSec, 1),
    f(t.clientPeakRssDeltaMiB, 1),
    f(t.serverPeakRssDeltaMiB, 1),
    f(t.referenceSeconds),
    f(t.naiveSeconds),
    `${f(t.seconds / t.referenceSeconds)}×`,
    t.naiveSeconds === null ? 'n/a' : `${f(t.seconds / t.naiveSeconds)}×`,
  ]);
  const out = [
    `## 1. Document transfers (client core ↔ reference server on loopback)${on(store)}`,
    '',
    table(
      [
        'Size',
        'Direction',
        'Seconds',
        'MB/s',
        'Client peak ΔRSS MiB',
        'Server peak ΔRSS MiB',
        'Reference s',
        'Naive s',
        'Ours / reference',
        'Ours / naive',
      ],
      rows,
    ),
    '',
  ];
  const largest = Math.max(...run.figures.map((t) => t.sizeMiB));
  const tag = largest === 200 ? '' : ` (target is for 200 MiB; this run's largest is ${largest} MiB)`;
  for (const t of run.figures.filter((x) => x.sizeMiB === largest)) {
    out.push(
      `- Target: ${t.direction} of ${largest} MiB within 3× the reference${tag}: ${verdict(t.seconds / t.referenceSeconds, 3, '×')}`,
    );
  }
  // the memory targets hold for first transfers too (they start the encrypting worker)
  const client = Math.max(
    ...run.figures.flatMap((t) => [t.clientPeakRssDeltaMiB, t.firstInProcess?.clientPeakRssDeltaMiB ?? 0]),
  );
  const server = Math.max(
    ...run.figures.flatMap((t) => [t.serverPeakRssDeltaMiB, t.firstInProcess?.serverPeakRssDeltaMiB ?? 0]),
  );
  out.push(`- Target: client peak RSS increase under 64 MiB at every size: ${verdict(client, 64, 'MiB')}`);
  out.push(`- Target: server peak RSS increase under 64 MiB at every size: ${verdict(server, 64, 'MiB')}`);
  for (const b of run.uploadBreakdown) {
    out.push(
      `- ${b.sizeMiB} MiB time split: upload first pass (encrypt + hash, nothing sent) ${f(b.prepareSeconds)} s, server PUT ${f(b.serverPutSeconds)} s; server content GET ${f(b.serverGetSeconds)} s`,
    );
  }
  for (const t of run.figures.filter((x) => x.sizeMiB === largest && x.firstInProcess)) {
    const first = t.firstInProcess!;
    out.push(
      `- ${largest} MiB ${t.direction} as the first transfer of a fresh process (code not yet compiled, encrypting worker not started; the table shows the steady state after a ${run.warmUpMiB} MiB warm-up): ${f(first.seconds)} s = ${f(first.seconds / t.referenceSeconds)}× the reference; peak ΔRSS client ${f(first.clientPeakRssDeltaMiB)} MiB, server ${f(first.serverPeakRssDeltaMiB)} MiB`,
    );
  }
  for (const t of run.figures.filter((x) => x.sizeMiB === largest)) {
    const database = t.databaseCpuSeconds !== undefined ? ` + PostgreSQL ${f(t.databaseCpuSeconds)} s` : '';
    out.push(
      `- ${largest} MiB ${t.direction} CPU time: client ${f(t.clientCpuSeconds)} s + server ${f(t.serverCpuSeconds)} s${database} (wall ${f(t.seconds)} s)`,
    );
  }
  for (const [k, why] of Object.entries(run.naiveErrors)) out.push(`- Naive ${k}: n/a — ${why}`);
  if (!run.peakResetWorked) out.push('- Note: the kernel refused to reset VmHWM; peaks are since process start.');
  return out.join('\n');
}

/** How many runs and their range, e.g. "3 runs, 1.201–1.312 s". */
function spread(values: readonly number[]): string {
  if (values.length === 0) return 'n/a';
  const s = [...values].sort((a, b) => a - b);
  return `${values.length} runs, ${f(s[0], 3)}–${f(s[s.length - 1], 3)} s`;
}

export function listingSection(run: ListingRun, store = ''): string {
  const l = run.figure;
  return [
    `## 2. Listing at scale${on(store)}`,
    '',
    table(
      [
        'Items',
        'Server answer s (client-observed)',
        'Server handling ms (its log)',
        'Response MiB',
        'Tree build s',
        '`since` refresh s',
        'Items returned by `since`',
        'Merge + tree update after refresh s',
      ],
      [
        [
          l.items.toLocaleString('en'),
          f(l.serverSeconds, 3),
          f(run.serverLogMs.list, 0),
          f(run.responseMiB, 1),
          f(l.treeBuildSeconds, 3),
          f(l.sinceSeconds, 3),
          String(run.sinceReturned),
          f(run.refreshRebuildSeconds, 3),
        ],
      ],
    ),
    '',
    'As the window gets it (main\u2019s listing handlers in a process of their own, pages crossing by structured-clone IPC, the renderer\u2019s cache and tree grown at each update):',
    '',
    table(
      [
        'First rows s',
        'Rows in the first update',
        'Whole tree s (answer + tree)',
        'Updates while streaming',
        'Filter keystroke ms (slowest)',
        'Rows filtered',
      ],
      [
        [
          f(l.firstRowsSeconds, 3),
          run.firstRows.toLocaleString('en'),
          f(l.wholeTreeSeconds, 3),
          String(run.streamUpdates),
          f(l.filterKeystrokeMs, 1),
          `${run.filter.rows.toLocaleString('en')} (typing "${run.filter.typed}": ${run.filter.matched.toLocaleString('en')} left)`,
        ],
      ],
    ),
    '',
    `- Target: first rows within 0.5 s: ${verdict(l.firstRowsSeconds, 0.5, 's')}`,
    `- Target: whole tree within 1.5 s: ${verdict(l.wholeTreeSeconds, 1.5, 's')}`,
    `- Target: a filter keystroke within 50 ms (a folder of every item): ${verdict(l.filterKeystrokeMs, 50, 'ms')}`,
    `- Target: server answer under 1.5 s${l.items === 100_000 ? '' : ` (target is for 100,000 items; this run has ${l.items.toLocaleString('en')})`}: ${verdict(l.serverSeconds, 1.5, 's')}`,
    `- Target: tree build under 300 ms: ${verdict(l.treeBuildSeconds * 1000, 300, 'ms')}`,
    `- Target: \`since\` refresh under 100 ms: ${verdict(l.sinceSeconds * 1000, 100, 'ms')}`,
    `- Medians of the timed runs (each after a warm-up listing): server answer ${spread(run.runs.serverSeconds)}; tree build ${spread(run.runs.treeBuildSeconds)}; streamed first rows ${spread(run.runs.firstRowsSeconds)}, whole tree ${spread(run.runs.wholeTreeSeconds)} (the streamed run with the median whole tree gives the other streamed figures).`,
    `- ${run.folders.toLocaleString('en')} folders in the tree.`,
    ...(run.clientRefused
      ? [
          `- **The client core's listItems failed on this listing** (${run.clientRefused}); the listing and \`since\` figures come from the same signed request read without that cap (bench/raw-list.ts).`,
        ]
      : []),
  ].join('\n');
}

export function requestsSection(figures: readonly RequestFigure[], store = ''): string {
  return [
    `## 3. Signed small requests (signature verification included)${on(store)}`,
    '',
    table(
      ['Operation', 'Concurrent clients', 'Server processes', 'Requests/s', 'p50 ms', 'p99 ms'],
      figures.map((r) => [
        r.operation,
        String(r.concurrency),
        String(r.nodes ?? 1),
        f(r.perSecond, 0),
        f(r.p50Ms),
        f(r.p99Ms),
      ]),
    ),
  ].join('\n');
}

export function receiptsSection(r: ReceiptsFigure): string {
  return [
    '## 5. Distribution report',
    '',
    table(
      [
        'Documents',
        'Organizations',
        'Receipts',
        'Report once listed ms',
        'Validate ms',
        'Join ms',
        'CSV ms',
        'Decrypt per receipt ms (first report only)',
      ],
      [
        [
          r.documents.toLocaleString('en'),
          String(r.organizations),
          r.receipts.toLocaleString('en'),
          f(r.reportMs, 1),
          f(r.validateMs, 1),
          f(r.joinMs, 1),
          f(r.csvMs, 1),
          f(r.decryptMsPerReceipt, 3),
        ],
      ],
    ),
    '',
    `- Target: the report for 1,000 documents × 10 organizations under 1 s once listed: ${verdict(r.reportMs, 1000, 'ms')}`,
    `- Cells: ${r.counts.this.toLocaleString('en')} this version, ${r.counts.earlier.toLocaleString('en')} earlier, ${r.counts.none.toLocaleString('en')} not yet. Medians of 5 runs after a warm-up; in-process, no server.`,
    `- The first report of a session also reads each receipt once (a content GET and ~${f((r.decryptMsPerReceipt * r.receipts) / 1000, 1)} s of decrypting for ${r.receipts.toLocaleString('en')} receipts); later ones reuse what was read while a receipt's hashes stay the same.`,
  ].join('\n');
}

export function refreshSection(r: RefreshFigure, store = ''): string {
  return [
    `## 4. Shared refresh${on(store)}`,
    '',
    table(
      [
        'Studies × items',
        'Changed',
        'Refresh ms',
        'Client CPU ms',
        'Requests',
        'Most at once',
        'Reported',
        'First refresh ms',
        'First requests',
        'Heap MB after first',
      ],
      [
        [
          `${r.studies} × ${r.itemsPerStudy}`,
          String(r.changed),
          f(r.refreshMs, 0),
          f(r.clientCpuMs, 0),
          String(r.requests),
          String(r.mostInFlight),
          String(r.reported),
          f(r.firstMs, 0),
          String(r.firstRequests),
          f(r.heapMb, 0),
        ],
      ],
    ),
    '',
    `- Target: a refresh under 2 s: ${verdict(r.refreshMs / 1000, 2, 's')}`,
    `- Target: under 250 requests: ${verdict(r.requests, 250, 'requests')}`,
    '- One containers listing and one `since` listing per study, 4 at once; the changed headers opened and reported as `study.changed`. The first refresh of a session lists every study whole and reads its title.',
  ].join('\n');
}
