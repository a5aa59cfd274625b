// What every route needs: the store, the folders, the clock and the configuration.
import type { Db } from './store/database.js';

export interface AppContext {
  readonly db: Db;
  readonly dataDir: string;
  readonly tmpDir: string;
  readonly contentDir: string;
  readonly hostName: string;
  readonly trustCaPems: readonly string[];
  readonly maxRequestBytes: number;
  now(): number;
  log(line: string): void;
}
