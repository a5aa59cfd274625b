// The command-line tool's renewal against the reference exchange, across two organizations:
// the site renews its key (`profile renew`), still reads with the old one, cannot forget it
// while the sIRB's grants need it; the sIRB accepts the new certificate and re-wraps
// (`access rewrap`), and then the old key goes and everything opens.
//
// The tests are the stages of one renewal, in order: each starts where the one before ended
// (the site's certificate changes once, on the exchange as well).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../shared/protocol/certificates.js';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
let json: CliFixture['json'];
let study: string;
const theirs = () => path.join(dir, 'theirs.bin');
const ours = () => path.join(dir, 'ours.bin');
/** What the sIRB shared with the site besides `theirs` (the refusal names 3 and counts the rest). */
const MORE_SHARED = 3;

async function put(profile: string, file: string, remote: string, containerId: string): Promise<void> {
  const r = await cli(['--profile', profile, 'items', 'put', file, remote, '--container', containerId]);
  expect(r.code, r.stderr).toBe(0);
}

/** A study of the sIRB's with the site invited. */
async function sharedStudy(title: string): Promise<string> {
  const created = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', title]);
  await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', created.id]);
  return created.id;
}

/** The site's copy of `remote` in the renewal study. */
async function get(remote: string): Promise<Buffer> {
  const out = path.join(dir, `got-${remote}`);
  const r = await cli(['--profile', 'site', 'items', 'get', remote, out, '--container', study]);
  expect(r.code, r.stderr).toBe(0);
  return readFile(out);
}

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-renewal-'));
  ({ run: cli, json } = await cliWithProfiles(f, dir));
  // First, so the refusal below begins with a document ("more-0" lists before the record "study").
  const other = await sharedStudy('Other study');
  await writeFile(theirs(), randomBytes(3000));
  await writeFile(ours(), randomBytes(4000));
  for (let i = 0; i < MORE_SHARED; i++) {
    await put('sirb', theirs(), `more-${i}`, other);
    await json(['--profile', 'sirb', 'access', 'grant', `more-${i}`, f.site.org.id, '--container', other]);
  }
  study = await sharedStudy('Renewal');
  await put('sirb', theirs(), 'theirs', study);
  await json(['--profile', 'sirb', 'access', 'grant', 'theirs', f.site.org.id, '--container', study]);
  await put('site', ours(), 'ours', study);
  const renewed = issueIdentity(f.site.org.name, { ca: f.ca });
  await writeFile(path.join(dir, 'site-new.key'), renewed.privateKeyPem);
  await writeFile(path.join(dir, 'site-new.pem'), renewed.certificatePem);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

const renewArgs = () => [
  'profile',
  'renew',
  'site',
  '--key',
  path.join(dir, 'site-new.key'),
  '--cert',
  path.join(dir, 'site-new.pem'),
];

describe('renewal from the command line, stage by stage', () => {
  it('a grant remembers the certificate the key was wrapped for, before any collaborator check ran', async () => {
    // so the renewal below is noticed by the collaborator check even though none ran before it
    const sirbId = (await json<{ id: string; name: string }[]>(['profile', 'list'])).find((p) => p.name === 'sirb')!.id;
    const known = JSON.parse(await readFile(path.join(dir, 'data', 'collaborators', `${sirbId}.json`), 'utf8')) as {
      known: Record<string, string>;
    };
    expect(known.known[f.site.org.id]).toBe(f.site.org.thumbprint.toLowerCase());
  });

  it('profile renew is refused until the exchange lists the new certificate', async () => {
    const early = await cli(renewArgs());
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/does not list the new certificate .* administrator to register it/);
  });

  it('once registered, profile renew keeps the old key for reading and re-wraps every own item, a line each', async () => {
    await f.admin.client.putCertificate(f.site.org.id, await readFile(path.join(dir, 'site-new.pem'), 'utf8'));
    const done = await cli([...renewArgs(), '--json']);
    expect(done.code).toBe(0);
    const lines = done.stderr.match(/^re-wrapped \d+ of \d+: .*$/gm) ?? [];
    expect(lines.at(-1)).toMatch(new RegExp(`^re-wrapped ${lines.length} of ${lines.length}: `));
    expect(done.stderr).toMatch(/re-wrapped \d+ of \d+: ours\n/);
    const result = JSON.parse(done.stdout) as { rewrapped: number; profile: { readingKeyRefs: string[] } };
    expect(result.rewrapped).toBe(lines.length);
    expect(result.profile.readingKeyRefs).toHaveLength(1);
  });

  it('the old key kept for reading opens the sIRB’s document; the site’s own opens with the new one', async () => {
    expect((await get('theirs')).equals(await readFile(theirs()))).toBe(true);
    expect((await get('ours')).equals(await readFile(ours()))).toBe(true);
  });

  it('forget-old-keys is refused while the sIRB’s grants need the old key, naming documents and study titles', async () => {
    const refused = await cli(['profile', 'forget-old-keys', 'site']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /\d+ item\(s\) still open only with an old key: "[^"]+" in "[^"]+".*Nothing was forgotten/,
    );
    // Documents and studies by name: the study's id never shows.
    expect(refused.stderr).not.toContain(study);
    expect(refused.stderr).toMatch(/ and \d+ more\. /);
    expect(
      (await json<{ name: string; readingKeyRefs?: string[] }[]>(['profile', 'list'])).find((p) => p.name === 'site')
        ?.readingKeyRefs,
    ).toHaveLength(1);
  });

  it('access rewrap by the sIRB is refused until it accepts the site’s new certificate', async () => {
    const undecided = await cli(['--profile', 'sirb', 'access', 'rewrap', '--org', f.site.org.id]);
    expect(undecided.code).toBe(1);
    expect(undecided.stderr).toContain(`trust accept ${f.site.org.id}`);
    const shown = await cli(['--profile', 'sirb', 'trust', 'show', f.site.org.id, '--json']);
    const listed = (JSON.parse(shown.stdout) as { listed: { sha256: string } }).listed.sha256;
    const accepted = await cli(['--profile', 'sirb', 'trust', 'accept', f.site.org.id, '--fingerprint', listed]);
    expect(accepted.code, accepted.stderr).toBe(0);
  });

  it('after the sIRB re-wraps for the new certificate, the old key is forgotten and everything opens', async () => {
    const current = (await json<{ name: string; certificate: { thumbprint: string } }[]>(['profile', 'list'])).find(
      (p) => p.name === 'site',
    )!.certificate.thumbprint;
    const rewrap = await cli(['--profile', 'sirb', 'access', 'rewrap', '--org', f.site.org.id, '--json']);
    expect(rewrap.code, rewrap.stderr).toBe(0);
    expect(rewrap.stderr).toMatch(/^\d+\/\d+ re-wrapped: theirs in study /m);
    expect(JSON.parse(rewrap.stdout)).toMatchObject({ thumbprint: current });
    const forgot = await json<{ forgotten: number; profile: { readingKeyRefs: string[] } }>([
      'profile',
      'forget-old-keys',
      'site',
    ]);
    expect(forgot.forgotten).toBe(1);
    expect(forgot.profile.readingKeyRefs).toEqual([]);
    expect((await get('theirs')).equals(await readFile(theirs()))).toBe(true);
    expect((await get('ours')).equals(await readFile(ours()))).toBe(true);
  });
});
