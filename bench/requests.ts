// Section 3 driver: one child process per (operation, concurrency); on PostgreSQL once against
// the world's server and once against it and a second server process on the same database.
import { runScript } from './child.js';
import type { Operation, RequestsJob, RequestsResult } from './requests-child.js';
import { startServerProcess } from './server-process.js';
import type { World } from './world.js';

export interface RequestFigure {
  readonly operation: Operation;
  readonly concurrency: number;
  /** Server processes the clients were spread over. */
  readonly nodes: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export async function runRequests(
  world: World,
  concurrencies: readonly number[],
  requests: number,
  log: (line: string) => void,
  twoNodes = false,
): Promise<RequestFigure[]> {
  const figures: RequestFigure[] = [];
  const second = twoNodes ? await startServerProcess(world.store) : undefined;
  try {
    for (const urls of second ? [[world.server.url], [world.server.url, second.url]] : [[world.server.url]]) {
      for (const operation of ['GET /containers/{id}', 'PUT 1 KiB item'] as const) {
        for (const concurrency of concurrencies) {
          log(`requests: ${operation} x${concurrency} on ${urls.length} node(s)`);
          const job: RequestsJob = {
            ...world.org,
            operation,
            concurrency,
            requests: Math.max(requests, concurrency * 10),
            urls,
          };
          const r = await runScript<RequestsResult>('requests-child.ts', job, { timeoutMs: 300_000 });
          figures.push({
            operation,
            concurrency,
            nodes: urls.length,
            perSecond: r.perSecond,
            p50Ms: r.p50Ms,
            p99Ms: r.p99Ms,
          });
        }
      }
    }
  } finally {
    await second?.stop();
  }
  return figures;
}
