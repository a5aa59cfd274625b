// A PostgreSQL-backed exchange for the reliability tests: an sIRB registered in the store before
// the server starts, the server (optionally behind a fault proxy, with timeouts set in the URL),
// a signed client and one study of its own.
import { issueIdentity } from '../../shared/protocol/certificates.js';
import { registerInStore, startExchange, type RunningExchange } from '../../server/index.js';
import { openStore } from '../../server/open-store.js';
import { SignedClient, type TestOrg } from '../../server/test-support/signed-client.js';
import { startFaultProxy, type FaultProxy } from './pg-fault-proxy.js';

export interface PgExchange {
  readonly server: RunningExchange;
  readonly client: SignedClient;
  readonly irb: TestOrg & { cert: string };
  /** The study's URL path. */
  readonly container: string;
  readonly logs: string[];
  /** Between the server and PostgreSQL, when asked for. */
  readonly proxy?: FaultProxy;
  close(): Promise<void>;
}

export async function registerIrb(databaseUrl: string, name: string): Promise<TestOrg & { cert: string }> {
  const identity = issueIdentity(name);
  const { store, release } = await openStore({ databaseUrl }, () => undefined);
  try {
    const org = await registerInStore(store, { name, isSirb: true, certificatePem: identity.certificatePem });
    return { id: org.id, keyPem: identity.privateKeyPem, cert: identity.certificatePem };
  } finally {
    await store.close();
    release();
  }
}

/** `proxied`: the server reaches PostgreSQL through a fault proxy, with these URL parameters (timeouts). */
export async function startPgExchange(
  databaseUrl: string,
  name: string,
  proxied?: { readonly params: string },
): Promise<PgExchange> {
  const irb = await registerIrb(databaseUrl, name);
  const logs: string[] = [];
  let proxy: FaultProxy | undefined;
  let serverUrl = databaseUrl;
  if (proxied) {
    const url = new URL(databaseUrl);
    proxy = await startFaultProxy(Number(url.port));
    url.port = String(proxy.port);
    serverUrl = `${url.toString()}?${proxied.params}`;
  }
  const server = await startExchange({ databaseUrl: serverUrl, log: (l) => logs.push(l) });
  const client = new SignedClient(server.port);
  const container = (await client.post(irb, '/containers', {})).json().url as string;
  return {
    server,
    client,
    irb,
    container,
    logs,
    ...(proxy ? { proxy } : {}),
    close: async () => {
      proxy?.thaw();
      await server.close();
      await proxy?.close();
    },
  };
}
