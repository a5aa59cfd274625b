// Smoke test of the command-line tool, spawned as a real process against the reference server.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../shared/protocol/certificates.js';
import { STUDY_RECORD_PATH } from '../../shared/study-record.js';
import { SharingService } from '../services/sharing/sharing.js';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { writeRecord } from '../services/transfers/records.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const launcher = path.join(root, 'bin', 'study-exchange.mjs');
let f: ExchangeFixture;
let dir: string;
let data: string;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [launcher, '--data', data, ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          STUDY_EXCHANGE_PASSPHRASE: 'cli pass',
          STUDY_EXCHANGE_SCRYPT_LOG2N: '14',
          STUDY_EXCHANGE_P12_ITERATIONS: '100000',
          ...env,
        },
        maxBuffer: 8 << 20,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function json<T>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const r = await cli([...args, '--json'], env);
  if (r.code !== 0) throw new Error(`cli ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-'));
  data = path.join(dir, 'data');
  for (const [name, o] of [
    ['sirb', f.sirb],
    ['site', f.site],
  ] as const) {
    await writeFile(path.join(dir, `${name}.key`), o.identity.privateKeyPem);
    await writeFile(path.join(dir, `${name}.pem`), o.identity.certificatePem);
    await writeFile(path.join(dir, 'consortium-ca.pem'), f.ca.certificatePem);
  }
});
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('study-exchange command-line tool', () => {
  it('usage errors exit 2', async () => {
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: study-exchange');
    const bad = await cli(['items', 'list']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--container ID is required/);
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('items put LOCAL_FILE REMOTE_PATH');
  });

  it('profiles, a shared document end to end, and a refusal with code and request id', async () => {
    for (const name of ['sirb', 'site']) {
      const org = name === 'sirb' ? f.sirb.org.id : f.site.org.id;
      const added = await json<{ name: string; certificate: { thumbprint: string } }>([
        'profile',
        'add',
        '--name',
        name,
        '--base-url',
        f.url,
        '--org',
        org,
        '--key',
        path.join(dir, `${name}.key`),
        '--cert',
        path.join(dir, `${name}.pem`),
        '--environment',
        'sandbox',
        '--trust-ca',
        path.join(dir, 'consortium-ca.pem'),
      ]);
      expect(added.name).toBe(name);
      expect(added.certificate.thumbprint).toBe(name === 'sirb' ? f.sirb.org.thumbprint : f.site.org.thumbprint);
    }
    const listed = await json<{ name: string }[]>(['profile', 'list']);
    expect(listed.map((p) => p.name)).toEqual(['sirb', 'site']);
    expect(await readFile(path.join(data, 'profiles.json'), 'utf8')).not.toContain('PRIVATE KEY');

    expect((await cli(['--profile', 'sirb', 'ping', '--sirb'])).stdout.trim()).toBe('pong');
    const refused = await cli(['--profile', 'site', 'ping', '--sirb']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/2007.*\[request [0-9a-f]{32}\]/);

    const untitled = await cli(['--profile', 'sirb', 'containers', 'create']);
    expect(untitled.code).toBe(2);
    expect(untitled.stderr).toMatch(/--title/);
    const study = await json<{ id: string; title: string }>([
      '--profile',
      'sirb',
      'containers',
      'create',
      '--title',
      'Sleep and Recovery',
      '--pi',
      'Dr. Ada Reyes',
      '--protocol',
      '2026-114',
    ]);
    expect(study.title).toBe('Sleep and Recovery');
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    // the invited site reads the study by its title; the record is not among the documents
    const siteList = await cli(['--profile', 'site', 'containers', 'list']);
    expect(siteList.stdout).toContain(`${study.id}  Sleep and Recovery  owner`);
    const renamed = await cli([
      '--profile',
      'sirb',
      'containers',
      'rename',
      study.id,
      'Protocol 2026-114: Sleep and Recovery',
    ]);
    expect(renamed.code).toBe(0);
    const shown = await cli(['--profile', 'site', 'containers', 'show', study.id]);
    expect(shown.stdout).toContain('Protocol 2026-114: Sleep and Recovery');
    expect(shown.stdout).toContain('principal investigator: Dr. Ada Reyes');
    expect(shown.stdout).toContain('protocol: 2026-114');
    const file = path.join(dir, 'consent form.pdf');
    const bytes = randomBytes(300_000);
    await writeFile(file, bytes);
    const put = await cli(['--profile', 'sirb', 'items', 'put', file, 'documents/consent', '--container', study.id]);
    expect(put.code).toBe(0);
    expect(put.stderr).toMatch(/sending: .* \(100%\)/);
    const granted = await json<{ id: string }[]>([
      '--profile',
      'sirb',
      'access',
      'grant',
      'documents/consent',
      f.site.org.id,
      '--container',
      study.id,
    ]);
    expect(granted.map((o) => o.id)).toEqual([f.sirb.org.id, f.site.org.id]);

    const items = await json<{ id: string }[]>([
      '--profile',
      'site',
      'items',
      'list',
      'documents',
      '--container',
      study.id,
    ]);
    expect(items.map((i) => i.id)).toEqual(['documents|consent']);
    const out = path.join(dir, 'copy.pdf');
    const got = await cli(['--profile', 'site', 'items', 'get', 'documents|consent', out, '--container', study.id]);
    expect(got.code).toBe(0);
    expect((await readFile(out)).equals(bytes)).toBe(true);

    // A pSite's upload with `items add` is shared with the study's owner at once.
    const added = await json<{ item: { id: string }; sharedWithOwner: boolean }>([
      '--profile',
      'site',
      'items',
      'add',
      file,
      'reports',
      '--container',
      study.id,
    ]);
    expect(added.item.id).toMatch(/^reports\|[0-9a-f]{32}$/);
    expect(added.sharedWithOwner).toBe(true);

    const rm = await cli(['--profile', 'site', 'items', 'rm', 'documents/consent', '--container', study.id, '--json']);
    expect(rm.code).toBe(1);
    // The pSite can read the item but does not own it.
    expect(JSON.parse(rm.stdout).error).toMatchObject({
      code: 2007,
      status: 403,
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('prints other organizations\u2019 text without terminal controls, hides the study record, and lets only the owner rename', async () => {
    const study = await json<{ id: string }>([
      '--profile',
      'sirb',
      'containers',
      'create',
      '--title',
      'Hostile fields',
    ]);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    // the owner's record as another client might have written it: escapes, an OSC-8 link, bidi overrides
    const hostile = {
      type: 'study',
      version: 'IRBX.2',
      title: 'Hostile\u001b[2J fields\u202e',
      protocolNumber: 'P-1\u0007',
      principalInvestigator: { name: 'Dr\u202eevil', email: 'a@b' },
      sponsor: 'Acme\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007',
      description: 'ok\u001b[2J\u001b[31mFAKE: signature verified\u2067',
    };
    const keys = await f.keysOf(f.sirb);
    await writeRecord(f.sirb.client, keys, study.id, STUDY_RECORD_PATH, {
      header: { type: 'study', name: 'Hostile' },
      content: hostile,
    });
    await new SharingService(f.sirb.client, keys, [f.ca.certificatePem]).update(
      study.id,
      STUDY_RECORD_PATH,
      f.site.org.id,
    );
    // C0 but the line feed, DEL, C1, and the bidi marks, embeddings, overrides and isolates
    // eslint-disable-next-line no-control-regex -- control characters are what the test looks for
    const controls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
    const shown = await cli(['--profile', 'site', 'containers', 'show', study.id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toMatch(controls);
    expect(shown.stdout).toContain('sponsor: Acme]8;;https://evil.exampleclick]8;;');
    expect(shown.stdout).toContain('principal investigator: Drevil <a@b>');
    expect(shown.stdout).toContain('Hostile[2J fields');
    const listed = await cli(['--profile', 'site', 'containers', 'list']);
    expect(listed.stdout).toContain(study.id);
    expect(listed.stdout).not.toMatch(controls);
    // --json keeps what was written
    const raw = await json<{ study: { sponsor: string } }>(['--profile', 'site', 'containers', 'show', study.id]);
    expect(raw.study.sponsor).toBe(hostile.sponsor);

    // the study record is not one of the study's documents
    const items = await cli(['--profile', 'sirb', 'items', 'list', '--container', study.id]);
    expect(items.stdout.trim()).toBe('No items.');
    expect(await json<unknown[]>(['--profile', 'sirb', 'items', 'list', '--container', study.id])).toEqual([]);

    const taken = await cli(['--profile', 'site', 'containers', 'rename', study.id, 'Taken over']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('Only the organization that owns this study can change its title and details.');
    const renamed = await cli(['--profile', 'sirb', 'containers', 'rename', study.id, 'Calm title']);
    expect(renamed.stdout.trim()).toBe(`Renamed study ${study.id} to "Calm title"`);
    // a rename changes the title only: the other fields stay as they were
    expect(
      (await json<{ study: { sponsor: string } }>(['--profile', 'site', 'containers', 'show', study.id])).study.sponsor,
    ).toBe(hostile.sponsor);
  });

  it('a one-off identity from --key/--cert and orgs lookups', async () => {
    const orgs = await json<{ name: string }[]>([
      '--base-url',
      f.url,
      '--org',
      f.site.org.id,
      '--key',
      path.join(dir, 'site.key'),
      '--cert',
      path.join(dir, 'site.pem'),
      'orgs',
      'list',
      '--name',
      'central',
    ]);
    expect(orgs.map((o) => o.name)).toEqual(['Central IRB']);
    const wrongPass = await cli(['--profile', 'sirb', 'containers', 'list'], { STUDY_EXCHANGE_PASSPHRASE: 'not it' });
    expect(wrongPass.code).toBe(1);
    expect(wrongPass.stderr).toMatch(/passphrase is wrong/);
  });

  it('refuses plain http to an address not literally on this computer, --base-url too, before sending anything', async () => {
    // [::ffff:127.0.0.1] reaches the fixture's exchange, but it is not 127.0.0.0/8, ::1 or localhost
    const mapped = `http://[::ffff:127.0.0.1]:${new URL(f.url).port}`;
    const oneOff = [
      '--org',
      f.site.org.id,
      '--key',
      path.join(dir, 'site.key'),
      '--cert',
      path.join(dir, 'site.pem'),
      'orgs',
      'list',
    ];
    for (const args of [
      ['--base-url', mapped, ...oneOff],
      ['--base-url', 'http://exchange.example.org', ...oneOff],
      ['--base-url', mapped, 'ping'],
      ['--profile', 'site', '--base-url', mapped, 'containers', 'list'],
    ]) {
      const refused = await cli(args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr).toMatch(/cannot be used: .*https:\/\//);
    }
    // the same request to the loopback name goes through
    expect((await cli(['--base-url', `http://127.0.0.1:${new URL(f.url).port}`, 'ping'])).code).toBe(0);
  });

  it('profile import-p12 and generate-key', async () => {
    const p12 = path.join(dir, 'site.p12');
    const made = spawnSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      path.join(dir, 'site.key'),
      '-in',
      path.join(dir, 'site.pem'),
      '-out',
      p12,
      '-passout',
      'pass:p12pass',
    ]);
    expect(made.status).toBe(0);
    const wrong = await cli(
      ['profile', 'import-p12', p12, '--name', 'site2', '--base-url', f.url, '--org', f.site.org.id],
      { STUDY_EXCHANGE_P12_PASSWORD: 'nope' },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The password of the PKCS#12 file is wrong.');
    const ok = await cli(
      ['profile', 'import-p12', p12, '--name', 'site2', '--base-url', f.url, '--org', f.site.org.id, '--json'],
      { STUDY_EXCHANGE_P12_PASSWORD: 'p12pass' },
    );
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).certificate.thumbprint).toBe(f.site.org.thumbprint);
    expect((await cli(['--profile', 'site2', 'ping', '--auth'])).stdout.trim()).toBe('pong');

    const csr = path.join(dir, 'new.csr');
    const gen = await cli([
      'profile',
      'generate-key',
      '--name',
      'new',
      '--common-name',
      'New Site',
      '--base-url',
      f.url,
      '--org',
      'pending',
      '--out',
      csr,
    ]);
    expect(gen.code).toBe(0);
    expect(await readFile(csr, 'utf8')).toContain('BEGIN CERTIFICATE REQUEST');
    const dup = await cli([
      'profile',
      'generate-key',
      '--name',
      'NEW',
      '--common-name',
      'x',
      '--base-url',
      f.url,
      '--org',
      'x',
    ]);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toMatch(/already exists/);
  });

  it('profile backup, then the profile removed and added back from the backup opens what was shared with it', async () => {
    const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', 'Backed up']);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const file = path.join(dir, 'shared.bin');
    const bytes = randomBytes(2000);
    await writeFile(file, bytes);
    expect((await cli(['--profile', 'sirb', 'items', 'put', file, 'shared', '--container', study.id])).code).toBe(0);
    await json(['--profile', 'sirb', 'access', 'grant', 'shared', f.site.org.id, '--container', study.id]);

    const listed = await json<{ name: string; backup?: unknown }[]>(['profile', 'list']);
    expect(listed.find((p) => p.name === 'site')?.backup).toBeUndefined();
    const pw = { STUDY_EXCHANGE_P12_PASSWORD: 'backup pw' };
    const backup = path.join(dir, 'site-backup.p12');
    const made = await json<{ profile: { keyRef: string; backup: { keyRef: string } }; keys: number }>(
      ['profile', 'backup', 'site', '--out', backup],
      pw,
    );
    expect(made.keys).toBe(1);
    expect(made.profile.backup.keyRef).toBe(made.profile.keyRef);
    expect((await stat(backup)).mode & 0o777).toBe(0o600);
    const again = await cli(['profile', 'backup', 'site', '--out', backup], pw);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');

    expect((await cli(['profile', 'remove', 'site'])).code).toBe(0);
    const keysBefore = await readdir(path.join(data, 'keys'));
    const profilesBefore = await readFile(path.join(data, 'profiles.json'), 'utf8');
    const wrong = await cli(
      [
        'profile',
        'import-p12',
        backup,
        '--name',
        'site',
        '--base-url',
        f.url,
        '--org',
        f.site.org.id,
        '--environment',
        'sandbox',
      ],
      { STUDY_EXCHANGE_P12_PASSWORD: 'not the password' },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The password of the PKCS#12 file is wrong.');
    expect(await readdir(path.join(data, 'keys'))).toEqual(keysBefore);
    expect(await readFile(path.join(data, 'profiles.json'), 'utf8')).toBe(profilesBefore);

    const restored = await json<{ certificate: { thumbprint: string }; backup: { keyRef: string }; keyRef: string }>(
      [
        'profile',
        'import-p12',
        backup,
        '--name',
        'site',
        '--base-url',
        f.url,
        '--org',
        f.site.org.id,
        '--environment',
        'sandbox',
        '--trust-ca',
        path.join(dir, 'consortium-ca.pem'),
      ],
      pw,
    );
    expect(restored.certificate.thumbprint).toBe(f.site.org.thumbprint);
    expect(restored.backup.keyRef).toBe(restored.keyRef);
    const out = path.join(dir, 'shared-copy.bin');
    expect((await cli(['--profile', 'site', 'items', 'get', 'shared', out, '--container', study.id])).code).toBe(0);
    expect((await readFile(out)).equals(bytes)).toBe(true);
  });

  // Last: it gives the site a new certificate, which the fixture's own site identity no longer matches.
  it('profile renew, access rewrap by the sIRB, and forget-old-keys across two organizations', async () => {
    const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', 'Renewal']);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const theirs = path.join(dir, 'theirs.bin');
    const ours = path.join(dir, 'ours.bin');
    await writeFile(theirs, randomBytes(3000));
    await writeFile(ours, randomBytes(4000));
    expect((await cli(['--profile', 'sirb', 'items', 'put', theirs, 'theirs', '--container', study.id])).code).toBe(0);
    await json(['--profile', 'sirb', 'access', 'grant', 'theirs', f.site.org.id, '--container', study.id]);
    expect((await cli(['--profile', 'site', 'items', 'put', ours, 'ours', '--container', study.id])).code).toBe(0);
    // The grant remembered the certificate the key was wrapped for: the renewal below is noticed
    // by the collaborator check even though none ran before it.
    const sirbId = (await json<{ id: string; name: string }[]>(['profile', 'list'])).find((p) => p.name === 'sirb')!.id;
    const known = JSON.parse(await readFile(path.join(data, 'collaborators', `${sirbId}.json`), 'utf8')) as {
      known: Record<string, string>;
    };
    expect(known.known[f.site.org.id]).toBe(f.site.org.thumbprint.toLowerCase());

    const renewed = issueIdentity(f.site.org.name, { ca: f.ca });
    await writeFile(path.join(dir, 'site-new.key'), renewed.privateKeyPem);
    await writeFile(path.join(dir, 'site-new.pem'), renewed.certificatePem);
    const renewArgs = [
      'profile',
      'renew',
      'site',
      '--key',
      path.join(dir, 'site-new.key'),
      '--cert',
      path.join(dir, 'site-new.pem'),
    ];
    const early = await cli(renewArgs);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/does not list the new certificate .* administrator to register it/);
    await f.admin.client.putCertificate(f.site.org.id, renewed.certificatePem);
    const done = await cli([...renewArgs, '--json']);
    expect(done.code).toBe(0);
    // Every item the site owns (earlier tests' too) is wrapped again, one progress line each.
    const lines = done.stderr.match(/^re-wrapped \d+ of \d+: .*$/gm) ?? [];
    expect(lines.at(-1)).toMatch(new RegExp(`^re-wrapped ${lines.length} of ${lines.length}: `));
    expect(done.stderr).toMatch(/re-wrapped \d+ of \d+: ours\n/);
    const result = JSON.parse(done.stdout) as {
      rewrapped: number;
      profile: { readingKeyRefs: string[]; certificate: { thumbprint: string } };
    };
    expect(result.rewrapped).toBe(lines.length);
    expect(result.profile.readingKeyRefs).toHaveLength(1);

    // The sIRB's document still opens with the old key kept for reading.
    const get = async (remote: string) => {
      const out = path.join(dir, `got-${remote}`);
      const r = await cli(['--profile', 'site', 'items', 'get', remote, out, '--container', study.id]);
      expect(r.code, r.stderr).toBe(0);
      return readFile(out);
    };
    expect((await get('theirs')).equals(await readFile(theirs))).toBe(true);
    expect((await get('ours')).equals(await readFile(ours))).toBe(true);
    const refused = await cli(['profile', 'forget-old-keys', 'site']);
    expect(refused.code).toBe(1);
    // What the sIRB shared with the site (here and in earlier tests) still needs the old key.
    expect(refused.stderr).toMatch(
      /\d+ item\(s\) still open only with an old key: "[^"]+" in "[^"]+".*Nothing was forgotten/,
    );
    // Documents and studies by name: the study's id never shows.
    expect(refused.stderr).not.toContain(study.id);
    expect(refused.stderr).toMatch(/ and \d+ more\. /);
    expect(
      (await json<{ name: string; readingKeyRefs?: string[] }[]>(['profile', 'list'])).find((p) => p.name === 'site')
        ?.readingKeyRefs,
    ).toHaveLength(1);

    // The site's new certificate is the sIRB's decision first (pinned certificates): refused until accepted.
    const undecided = await cli(['--profile', 'sirb', 'access', 'rewrap', '--org', f.site.org.id]);
    expect(undecided.code).toBe(1);
    expect(undecided.stderr).toContain(`trust accept ${f.site.org.id}`);
    const shown = await cli(['--profile', 'sirb', 'trust', 'show', f.site.org.id, '--json']);
    const listed = (JSON.parse(shown.stdout) as { listed: { sha256: string } }).listed.sha256;
    const accepted = await cli(['--profile', 'sirb', 'trust', 'accept', f.site.org.id, '--fingerprint', listed]);
    expect(accepted.code, accepted.stderr).toBe(0);

    // The sIRB wraps every grant to the site again for its new certificate; then the old key goes and everything opens.
    const rewrap = await cli(['--profile', 'sirb', 'access', 'rewrap', '--org', f.site.org.id, '--json']);
    expect(rewrap.code, rewrap.stderr).toBe(0);
    expect(rewrap.stderr).toMatch(/^\d+\/\d+ re-wrapped: theirs in study /m);
    expect(JSON.parse(rewrap.stdout)).toMatchObject({ thumbprint: result.profile.certificate.thumbprint });
    const forgot = await json<{ forgotten: number; profile: { readingKeyRefs: string[] } }>([
      'profile',
      'forget-old-keys',
      'site',
    ]);
    expect(forgot.forgotten).toBe(1);
    expect(forgot.profile.readingKeyRefs).toEqual([]);
    expect((await get('theirs')).equals(await readFile(theirs))).toBe(true);
    expect((await get('ours')).equals(await readFile(ours))).toBe(true);
  });
});
