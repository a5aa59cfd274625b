// A store opened for a server or a command, and the data folder's (SQLite) way to open one:
// apart from open-store.ts so the desktop's sandbox (server/sandbox.ts) opens a data folder
// without reaching the PostgreSQL store.
import { SqliteStore } from './store/sqlite/sqlite-store.js';
import type { Store } from './store/store.js';

export interface OpenedStore {
  readonly store: Store;
  /** Where request bodies land while they arrive. */
  readonly tmpDir: string;
  /** Removes what the process kept for itself (PostgreSQL: its temporary folder). */
  release(): void;
}

export function openDataFolder(dataDir: string, log: (line: string) => void): OpenedStore {
  const store = new SqliteStore(dataDir, (swept) => {
    if (swept > 0) log(`start-up sweep removed ${swept} unfinished or unreferenced content file(s)`);
  });
  return { store, tmpDir: store.tmpDir, release: () => undefined };
}
