// What every route needs: the store, the folders, the clock and the configuration.
import type { Db } from './store/database.js';
import type { UnverifiedBudget } from './http/unverified-budget.js';
import type { ReadConnections } from './store/read-connections.js';

export interface AppContext {
  readonly db: Db;
  /** Connections of their own for long reads (listings). */
  readonly readers: ReadConnections;
  readonly dataDir: string;
  readonly tmpDir: string;
  readonly contentDir: string;
  readonly hostName: string;
  readonly trustCaPems: readonly string[];
  readonly maxRequestBytes: number;
  /** What requests may cost before they are authenticated. */
  readonly unverified: UnverifiedBudget;
  now(): number;
  log(line: string): void;
}
