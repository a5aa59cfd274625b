// A running server on a temporary data folder with a cast of organizations, shared by the
// tests of one file. Keys are made once per file (2 cores: keep key generation rare).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCertificateAuthority, issueIdentity, type Identity } from '../../shared/protocol/certificates.js';
import { sealItem } from '../../shared/protocol/envelope.js';
import type { ItemWritePayload } from '../../shared/types.js';
import { registerOrganization, startExchange, type ExchangeOptions, type RunningExchange } from '../index.js';
import { SignedClient, type TestOrg } from './signed-client.js';

export interface WorldOrg extends TestOrg {
  readonly name: string;
  readonly identity: Identity;
}

export interface World {
  readonly dir: string;
  readonly dataDir: string;
  readonly server: RunningExchange;
  readonly client: SignedClient;
  readonly ca: Identity;
  readonly admin: WorldOrg;
  readonly sirb: WorldOrg;
  readonly sirb2: WorldOrg;
  readonly site: WorldOrg;
  readonly site2: WorldOrg;
  readonly disabled: WorldOrg;
  /** Registered without a certificate. */
  readonly bare: { readonly id: string; readonly name: string };
  readonly logs: string[];
  /** Spare identities (same CA) for certificate tests. */
  readonly spare: Identity;
  close(): Promise<void>;
}

export async function createWorld(options: Partial<ExchangeOptions> = {}): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-test-'));
  const dataDir = join(dir, 'data');
  const ca = createCertificateAuthority('Test CA', 2048);
  const make = (name: string, flags: { isSirb?: boolean; isAdmin?: boolean; isDisabled?: boolean }): WorldOrg => {
    const identity = issueIdentity(name, { ca, bits: 2048 });
    const org = registerOrganization(dataDir, { name, ...flags, certificatePem: identity.certificatePem, trustCaPems: [ca.certificatePem] });
    return { id: org.id, name, keyPem: identity.privateKeyPem, identity };
  };
  const admin = make('Test Admin', { isAdmin: true });
  const sirb = make('Central IRB', { isSirb: true });
  const sirb2 = make('Other IRB', { isSirb: true });
  const site = make('Riverside Site', {});
  const site2 = make('Lakeside Site', {});
  const disabled = make('Closed Clinic', { isSirb: true, isDisabled: true });
  const bareOrg = registerOrganization(dataDir, { name: 'No Certificate Yet' });
  const spare = issueIdentity('Spare', { ca, bits: 2048 });
  const logs: string[] = [];
  const server = await startExchange({ dataDir, trustCaPems: [ca.certificatePem], log: (l) => logs.push(l), ...options });
  return {
    dir,
    dataDir,
    server,
    client: new SignedClient(server.port, options.now),
    ca,
    admin,
    sirb,
    sirb2,
    site,
    site2,
    disabled,
    bare: { id: bareOrg.id, name: bareOrg.name },
    logs,
    spare,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real sealed item for the owner. */
export function payloadFor(owner: WorldOrg, content = Buffer.from('hello'), type = 'study'): ItemWritePayload {
  return sealItem({ header: { type, version: 'IRBX.2' }, content }, owner.identity.certificatePem);
}
