// The command-line tool as a test runs it: runCli in-process on a data folder of its own, with
// one profile per fixture organization (the sIRB and the site), each trusting the fixture's CA.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { runCli } from '../main.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliFixture {
  run(args: readonly string[]): Promise<CliRun>;
  /** Runs with --json and parses stdout; throws with stderr on a non-zero exit. */
  json<T>(args: readonly string[]): Promise<T>;
}

export async function cliWithProfiles(f: ExchangeFixture, dir: string): Promise<CliFixture> {
  const run = async (args: readonly string[]): Promise<CliRun> => {
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: (t: string) => void (stdout += t),
      stderr: (t: string) => void (stderr += t),
      env: { STUDY_EXCHANGE_PASSPHRASE: 'cli pass', STUDY_EXCHANGE_SCRYPT_LOG2N: '14' },
      askSecret: async () => undefined,
    };
    const code = await runCli(['--data', path.join(dir, 'data'), ...args], io);
    return { code, stdout, stderr };
  };
  const json = async <T>(args: readonly string[]): Promise<T> => {
    const r = await run([...args, '--json']);
    if (r.code !== 0) throw new Error(`cli ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  };
  await writeFile(path.join(dir, 'ca.pem'), f.ca.certificatePem);
  for (const [name, o] of [
    ['sirb', f.sirb],
    ['site', f.site],
  ] as const) {
    await writeFile(path.join(dir, `${name}.key`), o.identity.privateKeyPem);
    await writeFile(path.join(dir, `${name}.pem`), o.identity.certificatePem);
    await json([
      'profile',
      'add',
      '--name',
      name,
      '--base-url',
      f.url,
      '--org',
      o.org.id,
      '--key',
      path.join(dir, `${name}.key`),
      '--cert',
      path.join(dir, `${name}.pem`),
      '--environment',
      'sandbox',
      '--trust-ca',
      path.join(dir, 'ca.pem'),
    ]);
  }
  return { run, json };
}
