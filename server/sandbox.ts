// The reference exchange as the desktop app's sandbox, and all the desktop may use of server/:
// a SQLite exchange in a data folder (created and seeded, then served) and the CAs it trusts.
// Nothing here reaches the PostgreSQL store, so pg is not in the desktop bundle (the packaging
// test checks it); the command line and tests start any store through server/index.ts.
import { openDataFolder } from './opened-store.js';
import { seedSandbox, type SandboxOrganization } from './sandbox-seed.js';
import { serveExchange, type RunningExchange, type ServeOptions } from './serve.js';

export type { RunningExchange, SandboxOrganization };
/** The CA certificates a data folder's exchange trusts (DATA/trust/*.pem): the sandbox's own and any added. */
export { loadTrustedCas } from './store/sqlite/trust-store.js';

/** A new sandbox exchange in `dataDir` (missing or empty), its organizations' keys written to `outDir`. */
export function createSandbox(o: {
  readonly dataDir: string;
  readonly outDir: string;
}): Promise<SandboxOrganization[]> {
  return seedSandbox(o, async () => openDataFolder(o.dataDir, () => undefined));
}

/** Serves the sandbox exchange of `dataDir` (on `port`, or a free one). */
export function startSandbox(
  o: { readonly dataDir: string } & Pick<ServeOptions, 'port' | 'log'>,
): Promise<RunningExchange> {
  return serveExchange(
    { ...(o.port !== undefined ? { port: o.port } : {}), ...(o.log ? { log: o.log } : {}) },
    async (log) => openDataFolder(o.dataDir, log),
  );
}
