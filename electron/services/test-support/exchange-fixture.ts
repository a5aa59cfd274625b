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
import { startCutSwitch, type CutSwitch } from './cut-switch.js';
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
  /**
   * Started `cuttable` only: from now on the exchange's clients find their connections reset (all
   * requests, or those whose request line `match` takes), until `uncut`. The port stays owned.
   */
  cut(match?: (requestLine: string) => boolean): void;
  uncut(): void;
  /** Connections reset by `cut` so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

export interface FixtureOptions {
  /** Put a proxy the fixture owns in front of the exchange (cut-switch.ts), so `cut` works. */
  readonly cuttable?: boolean;
}

/** `server`: limits and behaviour of the reference exchange for one suite (e.g. a smaller budget). */
export async function startFixture(
  serverOptions: Partial<ExchangeOptions> = {},
  fixtureOptions: FixtureOptions = {},
): Promise<ExchangeFixture> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sx-client-'));
  const dataDir = path.join(dir, 'exchange');
  const start = (port: number) =>
    startExchange({
      dataDir,
      port,
      log: process.env.SX_FIXTURE_LOG ? (l) => console.error(l) : () => undefined,
      ...serverOptions,
    });
  const server: RunningExchange = await start(0);
  const gate = fixtureOptions.cuttable ? await startCutSwitch(server.port) : undefined;
  // behind the proxy, clients reach it (by address: `localhost` may be ::1, which it does not bind)
  const reached = gate ? { url: `http://127.0.0.1:${gate.port}`, port: gate.port } : server;
  const cuttable = (): CutSwitch => {
    if (!gate) throw new Error('Start the fixture with { cuttable: true } to cut it.');
    return gate;
  };
  const clients: ExchangeClient[] = [];
  const clientFor = (
    o: { org: Organization; identity: Identity },
    options: Partial<ExchangeClientOptions> = {},
  ): ExchangeClient => {
    const client = new ExchangeClient({
      baseUrl: reached.url,
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
    url: reached.url,
    port: reached.port,
    sirb,
    site,
    admin,
    clientFor,
    keysOf,
    cut: (match) => cuttable().cut(match),
    uncut: () => cuttable().uncut(),
    get cuts() {
      return gate?.cuts ?? 0;
    },
    async close() {
      for (const c of clients) c.close();
      await gate?.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
