// The command-line tool's profiles against the reference exchange: `profile add` and `list`,
// `ping` as an organization, and the https rule for every exchange address it is given.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
let fresh: CliFixture;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-profiles-'));
  const fixture = await cliWithProfiles(f, dir);
  cli = fixture.run;
  // a folder of its own: the first one already has the profiles cliWithProfiles added
  fresh = fixture.folder('fresh');
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('profiles from the command line', () => {
  it('profile add answers with each organization’s certificate, and profiles.json holds no private key', async () => {
    const { json } = fresh;
    for (const [name, o] of [
      ['sirb', f.sirb],
      ['site', f.site],
    ] as const) {
      const added = await json<{ name: string; certificate: { thumbprint: string } }>([
        'profile',
        'add',
        ...fresh.profileFlags(name),
        ...fresh.keyFlags(name),
      ]);
      expect(added.name).toBe(name);
      expect(added.certificate.thumbprint).toBe(o.org.thumbprint);
    }
    const listed = await json<{ name: string }[]>(['profile', 'list']);
    expect(listed.map((p) => p.name)).toEqual(['sirb', 'site']);
    expect(await readFile(path.join(fresh.data, 'profiles.json'), 'utf8')).not.toContain('PRIVATE KEY');
  });

  it('ping --sirb answers pong to the sIRB and refuses the site with code 2007 and the request id', async () => {
    expect((await cli(['--profile', 'sirb', 'ping', '--sirb'])).stdout.trim()).toBe('pong');
    const refused = await cli(['--profile', 'site', 'ping', '--sirb']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/2007.*\[request [0-9a-f]{32}\]/);
  });

  describe('plain http only to an address literally on this computer, --base-url too, before sending anything', () => {
    // [::ffff:127.0.0.1] reaches the fixture's exchange, but it is not 127.0.0.0/8, ::1 or localhost
    const mapped = () => `http://[::ffff:127.0.0.1]:${f.port}`;
    const oneOff = () => [
      '--org',
      f.site.org.id,
      '--key',
      path.join(dir, 'site.key'),
      '--cert',
      path.join(dir, 'site.pem'),
      'orgs',
      'list',
    ];
    it.each([
      ['a one-off identity to a mapped IPv4 address', () => ['--base-url', mapped(), ...oneOff()]],
      ['a one-off identity to a name elsewhere', () => ['--base-url', 'http://exchange.example.org', ...oneOff()]],
      ['ping to a mapped IPv4 address', () => ['--base-url', mapped(), 'ping']],
      [
        'a profile’s command with --base-url',
        () => ['--profile', 'site', '--base-url', mapped(), 'containers', 'list'],
      ],
    ])('refuses %s', async (_, args) => {
      const refused = await cli(args());
      expect(refused.code, args().join(' ')).toBe(1);
      expect(refused.stderr).toMatch(/cannot be used: .*https:\/\//);
    });

    it('lets the same request to the loopback address through', async () => {
      expect((await cli(['--base-url', `http://127.0.0.1:${f.port}`, 'ping'])).code).toBe(0);
    });
  });
});
