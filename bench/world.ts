// The bench's world: a store (a data folder, or a fresh database in the bench's PostgreSQL
// cluster), one registered sIRB organization with a fresh identity, the server in its own
// process, and a study (container) to work in.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { issueIdentity } from '../shared/protocol/certificates.js';
import { keySigner } from '../shared/protocol/signing.js';
import { registerInStore } from '../server/index.js';
import { openStore, type StoreOptions } from '../server/open-store.js';
import type { StoreKind } from '../server/store/store.js';
import { createDatabase } from '../server/test-support/pg-cluster.js';
import { ExchangeClient } from '../electron/services/exchange-client.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/** What a child process needs to act as the organization. */
export interface OrgJob {
  readonly url: string;
  readonly orgId: string;
  readonly keyPem: string;
  readonly certPem: string;
  readonly containerId: string;
}

export interface World {
  readonly dir: string;
  readonly store: StoreOptions;
  readonly server: ServerProcess;
  readonly client: ExchangeClient;
  readonly org: OrgJob;
  close(): Promise<void>;
}

export function clientFor(job: Pick<OrgJob, 'url' | 'orgId' | 'keyPem'>): ExchangeClient {
  return new ExchangeClient({
    baseUrl: job.url,
    organizationId: job.orgId,
    signer: keySigner(job.keyPem),
    retry: { attempts: 3, baseDelayMs: 10 },
  });
}

/** Which store a world is on: SQLite, or PostgreSQL in the cluster at `adminUrl`. */
export interface BenchStore {
  readonly kind: StoreKind;
  readonly adminUrl?: string;
}

export async function startWorld(label: string, on: BenchStore): Promise<World> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sx-bench-${label}-`));
  const store: StoreOptions =
    on.kind === 'sqlite'
      ? { dataDir: path.join(dir, 'exchange') }
      : { databaseUrl: await createDatabase(on.adminUrl!, 'exchange_bench') };
  const identity = issueIdentity('Bench IRB');
  const registry = await openStore(store, () => undefined);
  const org = await registerInStore(registry.store, {
    name: 'Bench IRB',
    isSirb: true,
    certificatePem: identity.certificatePem,
  }).finally(async () => {
    await registry.store.close();
    registry.release();
  });
  const server = await startServerProcess(store);
  try {
    const client = clientFor({ url: server.url, orgId: org.id, keyPem: identity.privateKeyPem });
    const container = await client.createContainer();
    return {
      dir,
      store,
      server,
      client,
      org: {
        url: server.url,
        orgId: org.id,
        keyPem: identity.privateKeyPem,
        certPem: identity.certificatePem,
        containerId: container.id,
      },
      async close() {
        client.close();
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}
