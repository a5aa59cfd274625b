// The embedded sandbox exchange: on first start with no profile, a local reference server
// with demo organizations, imported as profiles "Sandbox — <name>". It persists between
// runs; its address may change (a free port each run), so its profiles follow it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { securePrivateFolders } from '../data-dir.js';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningExchange, SandboxOrganization } from '../../../server/sandbox.js';
import { ExchangeClient } from '../../services/exchange-client.js';
import { seedDemo } from './sandbox-demo.js';
import { seedBinder, type BinderParty } from './sandbox-binder.js';
import { seenFile } from '../whats-new/seen-store.js';
import { removeProfileFiles } from '../profiles/profile-state.js';
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';
import type { KeyVault } from '../../services/keys/key-vault.js';
import type { Profile, ProfileStore } from '../../services/profiles/profiles.js';

const SANDBOX_PREFIX = 'Sandbox \u2014 ';

/**
 * The reference server's face for the sandbox (server/sandbox.ts, all the desktop uses of
 * server/), loaded when the sandbox is first used: an app without a sandbox never evaluates it
 * (nor loads SQLite). It reaches no PostgreSQL store, so pg is not in the desktop bundle.
 */
const server = () => import('../../../server/sandbox.js');

interface SandboxState {
  readonly port: number;
  readonly profileIds: readonly string[];
}

/**
 * The sandbox's CAs for a profile the sandbox in this data folder created, none for any other
 * (whatever its label: a profile the user labelled "sandbox" may point anywhere). The app's
 * sessions and the command line trust them besides the profile's own anchors.
 */
export async function sandboxTrustAnchorsFor(dataDir: string, profileId: string): Promise<string[]> {
  const dir = join(dataDir, 'sandbox');
  const state = await readJsonFile<SandboxState>(join(dir, 'sandbox.json'));
  return state?.profileIds.includes(profileId) ? (await server()).loadTrustedCas(join(dir, 'exchange')) : [];
}

export class SandboxManager {
  private running: RunningExchange | undefined;
  private readonly dir: string;

  constructor(
    private readonly dataDir: string,
    private readonly profiles: ProfileStore,
    private readonly vault: KeyVault,
    private readonly log: (line: string) => void = () => {},
    /** Write the demo studies on creation (tests that need an empty exchange turn it off). */
    private readonly demo = true,
  ) {
    this.dir = join(dataDir, 'sandbox');
  }

  private get exchangeDir(): string {
    return join(this.dir, 'exchange');
  }

  private get stateFile(): string {
    return join(this.dir, 'sandbox.json');
  }

  /** The CA certificates the sandbox exchange trusts: its own, and any added to its trust folder. */
  async trustAnchors(): Promise<string[]> {
    return (await server()).loadTrustedCas(this.exchangeDir);
  }

  /** The CAs a profile's session trusts besides its own anchors (sandboxTrustAnchorsFor). */
  async trustAnchorsFor(profile: Pick<Profile, 'id'>): Promise<string[]> {
    return sandboxTrustAnchorsFor(this.dataDir, profile.id);
  }

  exists(): boolean {
    return existsSync(join(this.exchangeDir));
  }

  get url(): string | undefined {
    return this.running?.url;
  }

  /** Creates the sandbox (keys go straight into the vault; no clear key stays on disk). */
  async create(): Promise<Profile[]> {
    const out = await mkdtemp(join(tmpdir(), 'sandbox-keys-'));
    try {
      const orgs = await (await server()).createSandbox({ dataDir: this.exchangeDir, outDir: out });
      await this.start();
      const created: Profile[] = [];
      // The sIRB first: it becomes the active profile of a first run.
      const order = [...orgs].sort((a, b) => rank(a.role) - rank(b.role));
      for (const org of order) {
        const key = await this.vault.importPem(
          await readFile(join(out, org.key)),
          await readFile(join(out, org.certificate)),
        );
        created.push(
          await this.profiles.add({
            name: SANDBOX_PREFIX + org.name,
            environment: 'sandbox',
            baseUrl: this.running!.url,
            organizationId: org.id,
            roleHints: { sirb: org.role === 'sirb', admin: org.role === 'admin' },
            keyRef: key.keyRef,
            certificate: key.certificate,
          }),
        );
      }
      await writeJsonAtomic(this.stateFile, {
        port: this.running!.port,
        profileIds: created.map((p) => p.id),
      } satisfies SandboxState);
      await this.seed(orgs, created);
      // the exchange's folder (database, CA key) was made by the server, with its own modes
      await securePrivateFolders(this.dataDir);
      return created;
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }

  /** The demo studies, written as the sandbox's sIRB; a failure leaves an empty but working sandbox. */
  private async seed(orgs: readonly SandboxOrganization[], created: readonly Profile[]): Promise<void> {
    const sirb = orgs.find((o) => o.role === 'sirb');
    const profile = created.find((p) => p.organizationId === sirb?.id);
    if (!sirb || !profile || !this.running || !this.demo) return;
    const keys = await this.vault.open(profile.keyRef);
    const client = new ExchangeClient({
      baseUrl: this.running.url,
      organizationId: sirb.id,
      signer: keys.signer,
      userAgent: 'StudyExchangeDesktop sandbox',
    });
    // the first site's own receipt for the consent form it received (a demo of delivery)
    const firstSite = created.find((p) => p.organizationId === orgs.find((o) => o.role === 'psite')?.id);
    const siteKeys = firstSite ? await this.vault.open(firstSite.keyRef) : undefined;
    const siteClient =
      firstSite && siteKeys
        ? new ExchangeClient({
            baseUrl: this.running.url,
            organizationId: firstSite.organizationId,
            signer: siteKeys.signer,
            userAgent: 'StudyExchangeDesktop sandbox',
          })
        : undefined;
    // every site as itself, for the binder's demo (what each sent against the checklist)
    const binderSites = await this.binderSites(orgs, created);
    const anchors = await this.trustAnchors();
    try {
      const psites = orgs.filter((o) => o.role === 'psite').map((o) => ({ id: o.id, name: o.name }));
      await seedDemo(
        client,
        keys,
        anchors,
        psites,
        siteClient && siteKeys ? { client: siteClient, keys: siteKeys } : undefined,
        seenFile(this.dataDir, profile.id),
        (containerId, dir) => seedBinder({ client, keys }, binderSites, containerId, anchors, dir),
      );
    } catch (e) {
      this.log(`sandbox: the demo studies could not be written: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      client.close();
      siteClient?.close();
      for (const site of binderSites) site.client.close();
    }
  }

  /** Each site's client and keys, in the sandbox's order (Riverside first). */
  private async binderSites(orgs: readonly SandboxOrganization[], created: readonly Profile[]): Promise<BinderParty[]> {
    const parties: BinderParty[] = [];
    for (const org of orgs.filter((o) => o.role === 'psite')) {
      const p = created.find((c) => c.organizationId === org.id);
      if (!p || !this.running) continue;
      const siteKeys = await this.vault.open(p.keyRef);
      const siteClient = new ExchangeClient({
        baseUrl: this.running.url,
        organizationId: org.id,
        signer: siteKeys.signer,
        userAgent: 'StudyExchangeDesktop sandbox',
      });
      parties.push({ client: siteClient, keys: siteKeys, name: org.name });
    }
    return parties;
  }

  /** Starts the sandbox's server (on its previous port when free) and points its profiles at it. */
  async start(): Promise<void> {
    if (this.running) return;
    const state = await readJsonFile<SandboxState>(this.stateFile);
    const quiet = (line: string) => this.log(`sandbox: ${line}`);
    const { startSandbox } = await server();
    try {
      this.running = await startSandbox({ dataDir: this.exchangeDir, port: state?.port ?? 0, log: quiet });
    } catch {
      this.running = await startSandbox({ dataDir: this.exchangeDir, port: 0, log: quiet });
    }
    if (state && state.port !== this.running.port) {
      for (const id of state.profileIds) {
        await this.profiles.update(id, { baseUrl: this.running.url }).catch(() => undefined);
      }
      await writeJsonAtomic(this.stateFile, { ...state, port: this.running.port });
    }
  }

  /** The profiles the sandbox created (the ones a reset removes). */
  async profileIds(): Promise<readonly string[]> {
    return (await readJsonFile<SandboxState>(this.stateFile))?.profileIds ?? [];
  }

  /**
   * Removes the sandbox and its profiles with their keys and files (`forget`: the app's, which
   * also stops their sessions), then creates a fresh one.
   */
  async reset(
    forget: (profileId: string) => Promise<void> = (id) => removeProfileFiles(this.dataDir, id),
  ): Promise<Profile[]> {
    const ids = await this.profileIds();
    await this.stop();
    for (const id of ids) {
      const profile = await this.profiles.get(id).catch(() => undefined);
      if (!profile) continue;
      await this.profiles.remove(id);
      await forget(id);
      for (const keyRef of [profile.keyRef, ...(profile.readingKeyRefs ?? [])]) await this.vault.remove(keyRef);
    }
    await rm(this.dir, { recursive: true, force: true });
    return this.create();
  }

  async stop(): Promise<void> {
    const r = this.running;
    this.running = undefined;
    await r?.close();
  }
}

function rank(role: string): number {
  return role === 'sirb' ? 0 : role === 'psite' ? 1 : 2;
}
