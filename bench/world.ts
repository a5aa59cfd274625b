// The bench's world: a temp folder with a data folder, one registered sIRB organization with a
// fresh identity, the server in its own process, and a study (container) to work in.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { issueIdentity } from '../shared/protocol/certificates.js';
import { keySigner } from '../shared/protocol/signing.js';
import { registerOrganization } from '../server/index.js';
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
  readonly dataDir: string;
  readonly server: ServerProcess;
  readonly client: ExchangeClient;
  readonly org: OrgJob;
  close(): Promise<void>;
}

export function clientFor(job: Pick<OrgJob, 'url' | 'orgId' | 'keyPem'>): ExchangeClient {
  return new ExchangeClient({ baseUrl: job.url, organizationId: job.orgId, signer: keySigner(job.keyPem), retry: { attempts: 3, baseDelayMs: 10 } });
}

export async function startWorld(label: string): Promise<World> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sx-bench-${label}-`));
  const dataDir = path.join(dir, 'exchange');
  const identity = issueIdentity('Bench IRB');
  const org = registerOrganization(dataDir, { name: 'Bench IRB', isSirb: true, certificatePem: identity.certificatePem });
  const server = await startServerProcess(dataDir);
  try {
    const client = clientFor({ url: server.url, orgId: org.id, keyPem: identity.privateKeyPem });
    const container = await client.createContainer();
    return {
      dir,
      dataDir,
      server,
      client,
      org: { url: server.url, orgId: org.id, keyPem: identity.privateKeyPem, certPem: identity.certificatePem, containerId: container.id },
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
