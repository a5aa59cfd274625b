// The command-line tool as a test runs it: runCli in-process on a data folder of its own, with
// one profile per fixture organization (the sIRB and the site), each trusting the fixture's CA.
// More data folders beside it (another computer, a restore) start empty.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { runCli } from '../main.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A fixture organization with a profile of its own name. */
export type CliOrganization = 'sirb' | 'site';

export interface CliFixture {
  /** The data folder these runs use. */
  readonly data: string;
  /** Runs the tool; `env` adds to the test passphrase and the fast scrypt and PKCS#12 counts. */
  run(args: readonly string[], env?: Readonly<Record<string, string>>): Promise<CliRun>;
  /** Runs with --json and parses stdout; throws with stderr on a non-zero exit. */
  json<T>(args: readonly string[]): Promise<T>;
  /** The tool on another data folder `name` beside this one, empty: no profiles, pins or keys. */
  folder(name: string): CliFixture;
  /** `profile add`'s flags for the organization but its key: what `profile import-p12` takes too. */
  profileFlags(org: CliOrganization): string[];
  /** The organization's private key and certificate files, as `profile add` takes them. */
  keyFlags(org: CliOrganization): string[];
}

export async function cliWithProfiles(f: ExchangeFixture, dir: string): Promise<CliFixture> {
  const file = (name: string): string => path.join(dir, name);
  const organizations = { sirb: f.sirb, site: f.site };
  const profileFlags = (org: CliOrganization): string[] => [
    '--name',
    org,
    '--base-url',
    f.url,
    '--org',
    organizations[org].org.id,
    '--environment',
    'sandbox',
    '--trust-ca',
    file('ca.pem'),
  ];
  const keyFlags = (org: CliOrganization): string[] => ['--key', file(`${org}.key`), '--cert', file(`${org}.pem`)];

  const folder = (name: string): CliFixture => {
    const data = file(name);
    const run = async (args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CliRun> => {
      let stdout = '';
      let stderr = '';
      const io = {
        stdout: (t: string) => void (stdout += t),
        stderr: (t: string) => void (stderr += t),
        env: {
          STUDY_EXCHANGE_PASSPHRASE: 'cli pass',
          STUDY_EXCHANGE_SCRYPT_LOG2N: '14',
          STUDY_EXCHANGE_P12_ITERATIONS: '100000',
          ...env,
        },
        askSecret: async () => undefined,
      };
      const code = await runCli(['--data', data, ...args], io);
      return { code, stdout, stderr };
    };
    const json = async <T>(args: readonly string[]): Promise<T> => {
      const r = await run([...args, '--json']);
      if (r.code !== 0) throw new Error(`cli ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
      return JSON.parse(r.stdout) as T;
    };
    return { data, run, json, folder, profileFlags, keyFlags };
  };

  await writeFile(file('ca.pem'), f.ca.certificatePem);
  const first = folder('data');
  for (const org of ['sirb', 'site'] as const) {
    await writeFile(file(`${org}.key`), organizations[org].identity.privateKeyPem);
    await writeFile(file(`${org}.pem`), organizations[org].identity.certificatePem);
    await first.json(['profile', 'add', ...profileFlags(org), ...keyFlags(org)]);
  }
  return first;
}
