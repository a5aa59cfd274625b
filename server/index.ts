// The reference exchange server: start one on a data folder or a PostgreSQL database, or work
// on the store directly. (The desktop app uses server/sandbox.ts alone, which never reaches
// PostgreSQL.)
import { openStore, type StoreOptions } from './open-store.js';
import { seedSandbox, type SandboxOrganization } from './sandbox-seed.js';
import { serveExchange, type RunningExchange, type ServeOptions } from './serve.js';

export { registerInDataFolder, registerInStore, type RegisterOrganizationOptions } from './register.js';
export type { Organization } from '../shared/types.js';
export type { RunningExchange, SandboxOrganization };

export interface ExchangeOptions extends ServeOptions, StoreOptions {}

export function startExchange(o: ExchangeOptions): Promise<RunningExchange> {
  return serveExchange(o, (log) => openStore(o, log));
}

/** A ready-to-use exchange in a fresh data folder or an empty database (server/sandbox-seed.ts). */
export function createSandbox(o: StoreOptions & { outDir: string }): Promise<SandboxOrganization[]> {
  return seedSandbox(o, () => openStore(o, () => undefined));
}
