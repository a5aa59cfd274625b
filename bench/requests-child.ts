// Section 3: signed small requests with N concurrent clients (each its own ExchangeClient and
// connection), in a process of its own. Every request is signed here and verified by the server.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openItemKey } from '../shared/protocol/envelope.js';
import { writeRecord } from '../electron/services/transfers/records.js';
import type { ExchangeClient } from '../electron/services/exchange-client.js';
import { jobOf } from './child.js';
import { clientFor, type OrgJob } from './world.js';

export type Operation = 'GET /containers/{id}' | 'PUT 1 KiB item';

export interface RequestsJob extends OrgJob {
  readonly operation: Operation;
  readonly concurrency: number;
  readonly requests: number;
  /** Server processes on one store: the clients take turns among them (default: url alone). */
  readonly urls?: readonly string[];
}

export interface RequestsResult {
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly count: number;
}

const job = jobOf<RequestsJob>();
const keys = {
  certificate: { publicKey: job.certPem },
  openItemKey: (item: Parameters<typeof openItemKey>[0]) => openItemKey(item, job.keyPem),
};
const content = randomBytes(1024);
const run = (client: ExchangeClient, worker: number, i: number): Promise<unknown> =>
  job.operation === 'GET /containers/{id}'
    ? client.getContainer(job.containerId)
    : writeRecord(client, keys, job.containerId, `bench/requests/c${job.concurrency}-w${worker}-${i}`, {
        header: { type: 'document', name: `note ${i}` },
        content,
      });

const urls = job.urls ?? [job.url];
const clients = Array.from({ length: job.concurrency }, (_, i) => clientFor({ ...job, url: urls[i % urls.length]! }));
// warm-up: one request per client opens its connection
await Promise.all(clients.map((c, w) => run(c, w, -1)));

const latencies: number[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  clients.map(async (client, w) => {
    for (let i = next++; i < job.requests; i = next++) {
      const t = performance.now();
      await run(client, w, i);
      latencies.push(performance.now() - t);
    }
  }),
);
const wall = (performance.now() - started) / 1000;
for (const c of clients) c.close();
latencies.sort((a, b) => a - b);
const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
const result: RequestsResult = {
  perSecond: latencies.length / wall,
  p50Ms: at(0.5),
  p99Ms: at(0.99),
  count: latencies.length,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
