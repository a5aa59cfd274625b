// The stores every server suite runs against: a fresh one of each kind per world.
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StoreOptions } from '../open-store.js';
import type { StoreKind } from '../store/store.js';
import { createDatabase } from './pg-cluster.js';

export const STORES: readonly StoreKind[] = ['sqlite', 'postgres'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test run's PostgreSQL cluster (pg-global-setup.ts). */
    pgAdminUrl: string;
  }
}

/** A fresh store of the kind: a data folder below `dir`, or a new database in the run's cluster. */
export async function freshStore(kind: StoreKind, dir: string): Promise<StoreOptions> {
  if (kind === 'sqlite') return { dataDir: join(dir, 'data') };
  return { databaseUrl: await createDatabase(inject('pgAdminUrl')) };
}

export { probeStore, type BulkItem, type StoreProbe } from './store-probe.js';
