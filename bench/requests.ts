// Section 3 driver: one child process per (operation, concurrency).
import { runScript } from './child.js';
import type { Operation, RequestsJob, RequestsResult } from './requests-child.js';
import type { World } from './world.js';

export interface RequestFigure {
  readonly operation: Operation;
  readonly concurrency: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export async function runRequests(world: World, concurrencies: readonly number[], requests: number, log: (line: string) => void): Promise<RequestFigure[]> {
  const figures: RequestFigure[] = [];
  for (const operation of ['GET /containers/{id}', 'PUT 1 KiB item'] as const) {
    for (const concurrency of concurrencies) {
      log(`requests: ${operation} x${concurrency}`);
      const job: RequestsJob = { ...world.org, operation, concurrency, requests: Math.max(requests, concurrency * 10) };
      const r = await runScript<RequestsResult>('requests-child.ts', job, { timeoutMs: 300_000 });
      figures.push({ operation, concurrency, perSecond: r.perSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms });
    }
  }
  return figures;
}
