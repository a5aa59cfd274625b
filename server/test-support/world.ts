// A running server on a fresh store (a temporary data folder, or a new PostgreSQL database)
// with a cast of organizations, shared by the tests of one file. Keys are made once per
// file (2 cores: keep key generation rare).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCertificateAuthority, issueIdentity, type Identity } from '../../shared/protocol/certificates.js';
import { sealItem } from '../../shared/protocol/envelope.js';
import type { ItemWritePayload } from '../../shared/types.js';
import { registerInStore, startExchange, type ExchangeOptions, type RunningExchange } from '../index.js';
import { openStore, type StoreOptions } from '../open-store.js';
import type { StoreKind } from '../store/store.js';
import { SignedClient, type TestOrg } from './signed-client.js';
import { freshStore, probeStore, type StoreProbe } from './stores.js';

export interface WorldOrg extends TestOrg {
  readonly name: string;
  readonly identity: Identity;
}

export interface World {
  readonly dir: string;
  readonly storeKind: StoreKind;
  /** The store, for starting another server on it. */
  readonly store: StoreOptions;
  readonly probe: StoreProbe;
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

export async function createWorld(options: Partial<ExchangeOptions> & { storeKind?: StoreKind } = {}): Promise<World> {
  const { storeKind = 'sqlite', ...exchangeOptions } = options;
  const dir = mkdtempSync(join(tmpdir(), 'exchange-test-'));
  const store = await freshStore(storeKind, dir);
  const ca = createCertificateAuthority('Test CA', 2048);
  const registry = await openStore(store, () => undefined);
  const make = async (
    name: string,
    flags: { isSirb?: boolean; isAdmin?: boolean; isDisabled?: boolean },
  ): Promise<WorldOrg> => {
    const identity = issueIdentity(name, { ca, bits: 2048 });
    const org = await registerInStore(registry.store, {
      name,
      ...flags,
      certificatePem: identity.certificatePem,
      trustCaPems: [ca.certificatePem],
    });
    return { id: org.id, name, keyPem: identity.privateKeyPem, identity };
  };
  const admin = await make('Test Admin', { isAdmin: true });
  const sirb = await make('Central IRB', { isSirb: true });
  const sirb2 = await make('Other IRB', { isSirb: true });
  const site = await make('Riverside Site', {});
  const site2 = await make('Lakeside Site', {});
  const disabled = await make('Closed Clinic', { isSirb: true, isDisabled: true });
  const bareOrg = await registerInStore(registry.store, { name: 'No Certificate Yet' });
  await registry.store.close();
  registry.release();
  const spare = issueIdentity('Spare', { ca, bits: 2048 });
  const logs: string[] = [];
  const server = await startExchange({
    ...store,
    trustCaPems: [ca.certificatePem],
    log: (l) => logs.push(l),
    ...exchangeOptions,
  });
  const probe = probeStore(store);
  return {
    dir,
    storeKind,
    store,
    probe,
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
      await probe.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real sealed item for the owner. */
export function payloadFor(owner: WorldOrg, content = Buffer.from('hello'), type = 'study'): ItemWritePayload {
  return sealItem({ header: { type, version: 'IRBX.2' }, content }, owner.identity.certificatePem);
}

/** A study of the world's sIRB with its pSite invited, as most suites start; returns its URL. */
export async function studyWithSite(w: World): Promise<string> {
  const c: string = (await w.client.post(w.sirb, '/containers', {})).json().url;
  await w.client.post(w.sirb, `${c}/organizations`, { organizationId: w.site.id });
  return c;
}
