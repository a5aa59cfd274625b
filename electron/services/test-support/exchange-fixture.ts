// A reference exchange on a random loopback port in a temp folder, with sIRB, pSite and
// admin identities and ready clients, for the integration tests of the client core.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCertificateAuthority, issueIdentity, type Identity } from '../../../shared/protocol/certificates.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import type { Organization } from '../../../shared/types.js';
import {
  registerInDataFolder,
  startExchange,
  type ExchangeOptions,
  type RunningExchange,
} from '../../../server/index.js';
import { ExchangeClient, type ExchangeClientOptions } from '../exchange-client.js';
import { KeyVault, type KeyHandle } from '../keys/key-vault.js';
import { PassphraseSecretBox } from '../keys/secret-box.js';

export interface FixtureOrg {
  readonly org: Organization;
  readonly identity: Identity;
  readonly client: ExchangeClient;
}

export interface ExchangeFixture {
  readonly dir: string;
  /** The consortium CA that issued every identity here: the trust anchor of sharing. */
  readonly ca: Identity;
  readonly dataDir: string;
  readonly url: string;
  readonly port: number;
  readonly sirb: FixtureOrg;
  readonly site: FixtureOrg;
  readonly admin: FixtureOrg;
  /** A client for an identity with custom options. */
  clientFor(
    o: { readonly org: Organization; readonly identity: Identity },
    options?: Partial<ExchangeClientOptions>,
  ): ExchangeClient;
  /** The organization's key as the app holds it: imported into a key vault in the fixture's folder, opened. */
  keysOf(o: FixtureOrg): Promise<KeyHandle>;
  /** Stops the exchange: its clients find nothing listening at `url` until `restart`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data: everything written before is there. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** `server`: limits and behaviour of the reference exchange for one suite (e.g. a smaller budget). */
export async function startFixture(serverOptions: Partial<ExchangeOptions> = {}): Promise<ExchangeFixture> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sx-client-'));
  const dataDir = path.join(dir, 'exchange');
  const start = (port: number) =>
    startExchange({
      dataDir,
      port,
      log: process.env.SX_FIXTURE_LOG ? (l) => console.error(l) : () => undefined,
      ...serverOptions,
    });
  const first = await start(0);
  let server: RunningExchange | undefined = first;
  const clients: ExchangeClient[] = [];
  const clientFor = (
    o: { org: Organization; identity: Identity },
    options: Partial<ExchangeClientOptions> = {},
  ): ExchangeClient => {
    const client = new ExchangeClient({
      baseUrl: first.url,
      organizationId: o.org.id,
      signer: keySigner(o.identity.privateKeyPem),
      retry: { attempts: 2, baseDelayMs: 10 },
      ...options,
    });
    clients.push(client);
    return client;
  };
  const ca = createCertificateAuthority('Fixture Consortium CA');
  const make = async (name: string, flags: { isSirb?: boolean; isAdmin?: boolean }): Promise<FixtureOrg> => {
    const identity = issueIdentity(name, { ca });
    const org = await registerInDataFolder(dataDir, { name, ...flags, certificatePem: identity.certificatePem });
    const base = { org, identity };
    return { ...base, client: clientFor(base) };
  };
  const sirb = await make('Central IRB', { isSirb: true });
  const site = await make('Site Hospital', {});
  const admin = await make('Exchange Admin', { isAdmin: true });
  const vault = new KeyVault(path.join(dir, 'app'), new PassphraseSecretBox('fixture', { log2N: 14 }));
  const keysOf = async (o: FixtureOrg): Promise<KeyHandle> =>
    vault.open((await vault.importPem(o.identity.privateKeyPem, o.identity.certificatePem)).keyRef);
  return {
    dir,
    ca,
    dataDir,
    url: first.url,
    port: first.port,
    sirb,
    site,
    admin,
    clientFor,
    keysOf,
    async stop() {
      await server?.close();
      server = undefined;
    },
    async restart() {
      server ??= await start(first.port);
    },
    async close() {
      for (const c of clients) c.close();
      await server?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
