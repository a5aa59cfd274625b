// Pins survive a profile backup and restore (issue 34): the sIRB shares with the site (its
// certificate pinned on first use), marks it verified and backs the profile up; restored into a
// new data folder, the profile has the same pins and verified mark, and when the exchange then
// lists another certificate from the same CA for the site, the restored profile wraps nothing for
// it. A profile added from the bare key (no backup) trusts the swapped certificate on first use:
// what the pins in the backup prevent.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../shared/protocol/certificates.js';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { pinsFile } from '../core/trust/pin-store.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
/** The computer the profile was backed up on (its profiles added from their keys). */
let before: CliFixture;

/** The tool as the sIRB's profile, on a data folder, with the backup's password at hand. */
const asSirb = (on: CliFixture) => (args: string[]) =>
  on.run(['--profile', 'sirb', ...args], { STUDY_EXCHANGE_P12_PASSWORD: 'backup password' });

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-trust-backup-'));
  before = await cliWithProfiles(f, dir);
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('pins in a profile backup', () => {
  it('come back with the restored profile, which still refuses a swapped certificate', async () => {
    // restored into a new data folder, and added from the bare key into another
    const after = before.folder('after');
    const bare = before.folder('bare');
    const cli = { before: asSirb(before), after: asSirb(after), bare: asSirb(bare) };
    const file = path.join(dir, 'protocol.txt');
    await writeFile(file, 'protocol v1');
    const study = JSON.parse(
      (await cli.before(['containers', 'create', '--title', 'Backup study', '--json'])).stdout,
    ) as { id: string };
    const inStudy = ['--container', study.id];
    expect((await cli.before(['collaborators', 'add', f.site.org.id, ...inStudy])).code).toBe(0);
    expect((await cli.before(['items', 'put', file, 'protocol', ...inStudy])).code).toBe(0);
    expect((await cli.before(['access', 'grant', 'protocol', f.site.org.id, ...inStudy])).code).toBe(0);
    const note = 'compared by phone with the site coordinator';
    expect((await cli.before(['trust', 'verify', f.site.org.id, '--note', note])).code).toBe(0);
    const pinnedBefore = JSON.parse((await cli.before(['trust', 'show', f.site.org.id, '--json'])).stdout) as {
      pin: { current: { sha256: string }; verified: { note: string } };
    };

    const backup = path.join(dir, 'sirb.p12');
    const made = await cli.before(['profile', 'backup', 'sirb', '--out', backup, '--json']);
    expect(made.code, made.stderr).toBe(0);
    expect((JSON.parse(made.stdout) as { pins: number }).pins).toBe(1);

    const restored = await cli.after(['profile', 'import-p12', backup, ...before.profileFlags('sirb'), '--json']);
    expect(restored.code, restored.stderr).toBe(0);
    const restoredId = (JSON.parse(restored.stdout) as { id: string }).id;
    expect((await stat(pinsFile(after.data, restoredId))).mode & 0o777).toBe(0o600);
    const pinnedAfter = JSON.parse((await cli.after(['trust', 'show', f.site.org.id, '--json'])).stdout) as {
      pin: { current: { sha256: string }; verified: { note: string } };
    };
    expect(pinnedAfter.pin.current.sha256).toBe(pinnedBefore.pin.current.sha256);
    expect(pinnedAfter.pin.verified.note).toBe(note);
    expect((await cli.after(['trust', 'list'])).stdout).toContain(`verified (${note})`);

    // The administrator registers another certificate from the same CA for the site.
    const swapped = issueIdentity('Site Hospital', { ca: f.ca });
    await f.admin.client.putCertificate(f.site.org.id, swapped.certificatePem);
    expect((await cli.after(['access', 'revoke', 'protocol', f.site.org.id, ...inStudy])).code).toBe(0);
    const refused = await cli.after(['access', 'grant', 'protocol', f.site.org.id, ...inStudy]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('until you accept the new certificate');
    expect((await f.sirb.client.getItemAccess(study.id, 'protocol')).map((o) => o.id)).toEqual([f.sirb.org.id]);

    // Without the backup's pins, the same key trusts whatever the exchange lists first.
    const fromKey = await cli.bare(['profile', 'add', ...before.profileFlags('sirb'), ...before.keyFlags('sirb')]);
    expect(fromKey.code, fromKey.stderr).toBe(0);
    const trusting = await cli.bare(['access', 'grant', 'protocol', f.site.org.id, ...inStudy]);
    expect(trusting.code, trusting.stderr).toBe(0);
  }, 120_000);
});
