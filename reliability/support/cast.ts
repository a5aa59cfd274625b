// A data folder with a cast of organizations registered directly (self-signed 2048-bit
// identities made once per file), for servers run in-process or as child processes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueIdentity, type Identity } from '../../shared/protocol/certificates.js';
import { registerInStore } from '../../server/index.js';
import { openStore, type StoreOptions } from '../../server/open-store.js';
import type { StoreKind } from '../../server/store/store.js';
import { freshStore } from '../../server/test-support/stores.js';
import { startChildServer, type ChildServer } from '../../server/test-support/child-server.js';
import type { TestOrg } from '../../server/test-support/signed-client.js';

export interface CastOrg extends TestOrg {
  readonly name: string;
  readonly identity: Identity;
  readonly certificatePem: string;
}

export interface Cast {
  readonly dir: string;
  readonly dataDir: string;
  /** The store the organizations are in ({ dataDir } for createCast). */
  readonly store: StoreOptions;
  readonly sirb: CastOrg;
  readonly site: CastOrg;
  readonly outsider: CastOrg;
  remove(): void;
}

/** Three organizations (an sIRB, a site, an outsider) in a fresh data folder. */
export function createCast(prefix: string): Promise<Cast> {
  return createStoreCast(prefix, 'sqlite');
}

/** The same cast in a fresh store of either kind (dataDir is then where the store's folder would be). */
export async function createStoreCast(prefix: string, kind: StoreKind): Promise<Cast> {
  const dir = mkdtempSync(join(tmpdir(), `reliability-${prefix}-`));
  const store = await freshStore(kind, dir);
  const { store: opened, release } = await openStore(store, () => undefined);
  const make = async (name: string, isSirb: boolean): Promise<CastOrg> => {
    const identity = issueIdentity(name);
    const org = await registerInStore(opened, { name, isSirb, certificatePem: identity.certificatePem });
    return { id: org.id, name, keyPem: identity.privateKeyPem, identity, certificatePem: identity.certificatePem };
  };
  try {
    const [sirb, site, outsider] = [
      await make('Reliability IRB', true),
      await make('Reliability Site', false),
      await make('Reliability Outsider', false),
    ];
    return {
      dir,
      dataDir: join(dir, 'data'),
      store,
      sirb,
      site,
      outsider,
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await opened.close();
    release();
  }
}

/** Kills a child server for good (test clean-up). */
export async function stopChild(child: ChildServer | undefined): Promise<void> {
  if (!child || child.child.exitCode !== null || child.child.signalCode !== null) return;
  child.child.kill('SIGKILL');
  await child.exited;
}

/** VmRSS of a process in KiB (Linux). */
export function rssKib(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]);
}

export { startChildServer, type ChildServer };
