// What every command gets: parsed arguments, output helpers, and (lazily) the identity to
// act as: a saved profile, or a one-off key and certificate given on the command line.
import { readFile } from 'node:fs/promises';
import { ExchangeClient } from '../services/exchange-client.js';
import type { ExchangeSession } from '../services/exchange-session.js';
import { importFromPem } from '../services/keys/key-import.js';
import { KeyVault, keyHandle, type KeyHandle } from '../services/keys/key-vault.js';
import { openProfileKeys } from '../services/keys/key-ring.js';
import { PassphraseSecretBox, scryptOverride } from '../services/keys/secret-box.js';
import { ProfileStore, type Profile } from '../services/profiles/profiles.js';
import { UsageError, boolFlag, stringFlag, stringFlags, type ParsedArgs } from './args.js';
import { defaultDataDir } from '../core/data-dir.js';
import { sandboxTrustAnchorsFor } from '../core/sandbox/sandbox-manager.js';
import { PinStore } from '../core/trust/pin-store.js';
import { SharingService } from '../services/sharing/sharing.js';
import { OneAtATime } from '../services/one-at-a-time.js';
import type { CliIo } from './io.js';
import { parseTrustAnchors } from '../../shared/protocol/trust-anchors.js';
import { exchangeUrlProblem } from '../../shared/exchange-url.js';
import { UserFacingError } from '../../shared/app-error.js';

/**
 * The profiles' https rule (shared/exchange-url.ts) for every address the command line uses,
 * --base-url included: plain http only to this computer, nothing sent otherwise.
 */
function checkedBaseUrl(baseUrl: string, environment: string): string {
  const problem = exchangeUrlProblem(baseUrl, environment);
  if (problem)
    throw new UserFacingError(
      'insecure-exchange',
      `The exchange address ${baseUrl} cannot be used: ${problem}`,
      'Give the exchange\u2019s https:// address.',
    );
  return baseUrl;
}

/** The CA certificates of a --trust-ca file, or a usage error saying what is wrong with it. */
export function readTrustAnchors(text: string): string[] {
  try {
    return parseTrustAnchors(text);
  } catch (e) {
    throw new UsageError(`--trust-ca: ${(e as Error).message}`);
  }
}

/** The organization a command acts as, and its saved profile when it has one. */
export type CliSession = ExchangeSession & { readonly profile?: Profile };

export class CliContext {
  readonly dataDir: string;
  readonly json: boolean;
  /** The data folder's state files changed one at a time by this command (collaborators' certificates). */
  readonly fileChanges = new OneAtATime();
  private session: CliSession | undefined;
  private box: PassphraseSecretBox | undefined;

  constructor(
    readonly args: ParsedArgs,
    readonly io: CliIo,
  ) {
    this.dataDir = stringFlag(args, 'data') ?? defaultDataDir(io.env);
    this.json = boolFlag(args, 'json');
  }

  /** Prints a result: JSON with --json, else the human text. */
  print(value: unknown, human: () => string): void {
    this.io.stdout(this.json ? JSON.stringify(value, null, 2) + '\n' : human() + '\n');
  }

  progress(text: string): void {
    // stderr, so --json output on stdout stays parseable.
    this.io.stderr(text);
  }

  profiles(): ProfileStore {
    return new ProfileStore(this.dataDir);
  }

  async vault(): Promise<KeyVault> {
    return new KeyVault(this.dataDir, await this.passphraseBox());
  }

  async passphraseBox(): Promise<PassphraseSecretBox> {
    if (this.box) return this.box;
    const passphrase =
      this.io.env.STUDY_EXCHANGE_PASSPHRASE ?? (await this.io.askSecret('Passphrase for stored keys: '));
    if (!passphrase)
      throw new UsageError('Stored keys need a passphrase: set STUDY_EXCHANGE_PASSPHRASE or run in a terminal.');
    this.box = new PassphraseSecretBox(passphrase, scryptOverride(this.io.env));
    return this.box;
  }

  async container(): Promise<string> {
    const id = stringFlag(this.args, 'container');
    if (!id) throw new UsageError('--container ID is required for commands inside a study.');
    return id;
  }

  /** The identity to act as, opened once. `orgIsTarget`: the command's --org names another organization, not us. */
  async open(options: { readonly orgIsTarget?: boolean } = {}): Promise<CliSession> {
    if (this.session) return this.session;
    const oneOff = stringFlag(this.args, 'key') !== undefined || stringFlag(this.args, 'cert') !== undefined;
    const baseUrl = stringFlag(this.args, 'base-url');
    const org = options.orgIsTarget ? undefined : stringFlag(this.args, 'org');
    if (oneOff) {
      const keyFile = stringFlag(this.args, 'key');
      const certFile = stringFlag(this.args, 'cert');
      if (!baseUrl || !org || !keyFile || !certFile)
        throw new UsageError('A one-off identity needs all of --base-url, --org, --key and --cert.');
      const identity = importFromPem(await readFile(keyFile), await readFile(certFile));
      const keys = keyHandle('one-off', identity.privateKey, identity.certificate);
      this.session = { client: this.client(baseUrl, 'production', org, keys), keys };
      return this.session;
    }
    const profile = await this.pickProfile();
    const keys = await openProfileKeys(await this.vault(), profile);
    this.session = {
      client: this.client(baseUrl ?? profile.baseUrl, profile.environment, org ?? profile.organizationId, keys),
      keys,
      profile,
    };
    return this.session;
  }

  /** What grantee certificates must chain to: --trust-ca's certificates, then the profile's. */
  async trustAnchors(): Promise<string[]> {
    const given: string[] = [];
    for (const file of stringFlags(this.args, 'trust-ca'))
      given.push(...readTrustAnchors(await readFile(file, 'utf8')));
    const { profile } = await this.open();
    // a profile the app's sandbox made trusts the sandbox's CA, as in the app (core/app.ts)
    const sandbox = profile ? await sandboxTrustAnchorsFor(this.dataDir, profile.id) : [];
    return [...given, ...(profile?.trustAnchors ?? []), ...sandbox];
  }

  /** The session's pinned certificates: its profile's (a one-off identity's are kept by organization id). */
  pins(session: CliSession): PinStore {
    return new PinStore(this.dataDir, session.profile?.id ?? `org-${session.client.organizationId}`);
  }

  /** Sharing as the session, through its trust anchors and pins (the one gate: sharing.ts). */
  sharing(session: CliSession): SharingService {
    return new SharingService(session.client, session.keys, () => this.trustAnchors(), this.pins(session));
  }

  /** Only for `ping` without --auth/--sirb: no key needed. */
  async baseUrlOnly(): Promise<string> {
    const baseUrl = stringFlag(this.args, 'base-url');
    if (baseUrl) return checkedBaseUrl(baseUrl, 'production');
    const profile = await this.pickProfile();
    return checkedBaseUrl(profile.baseUrl, profile.environment);
  }

  close(): void {
    this.session?.client.close();
  }

  private client(baseUrl: string, environment: string, organizationId: string, keys: KeyHandle): ExchangeClient {
    return new ExchangeClient({
      baseUrl: checkedBaseUrl(baseUrl, environment),
      organizationId,
      signer: keys.signer,
      onClockSkew: (ms) =>
        this.io.stderr(
          `warning: this computer's clock differs from the exchange's by ${Math.round(ms / 1000)} s; retried with the exchange's time.\n`,
        ),
    });
  }

  private async pickProfile(): Promise<Profile> {
    const name = stringFlag(this.args, 'profile') ?? this.io.env.STUDY_EXCHANGE_PROFILE;
    const store = this.profiles();
    if (name) return store.get(name);
    const all = await store.list();
    if (all.length === 1) return all[0]!;
    throw new UsageError(
      all.length === 0
        ? 'No profile yet: add one with "profile add", or pass --base-url --org --key --cert.'
        : 'Several profiles exist: choose one with --profile NAME.',
    );
  }
}
