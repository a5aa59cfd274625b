// The command-line tool's studies against the reference exchange: `containers create`, `list`,
// `show` and `rename`; another organization's study record printed without terminal controls;
// only the owner renames, and a rename changes the title only.
import { describe, expect, it } from 'vitest';
import { STUDY_RECORD_PATH } from '../../shared/study-record.js';
import { SharingService } from '../services/sharing/sharing.js';
import type { ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { writeRecord } from '../services/transfers/records.js';
import type { CliFixture } from './test-support/cli-fixture.js';
import { cliSuite } from './test-support/cli-suite.js';

let f: ExchangeFixture;
let cli: CliFixture['run'];
let json: CliFixture['json'];

cliSuite('studies', (s) => {
  f = s.f;
  ({ run: cli, json } = s.cli);
});

/** A study of the sIRB's, shared with the site, whose id the tests use. */
async function sharedStudy(args: readonly string[]): Promise<string> {
  const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', ...args]);
  await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
  return study.id;
}

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

/** A shared study whose record the sIRB replaced with `hostile`, readable by the site. */
async function hostileStudy(): Promise<string> {
  const study = await sharedStudy(['--title', 'Hostile fields']);
  const keys = await f.keysOf(f.sirb);
  await writeRecord(f.sirb.client, keys, study, STUDY_RECORD_PATH, {
    header: { type: 'study', name: 'Hostile' },
    content: hostile,
  });
  await new SharingService(f.sirb.client, keys, [f.ca.certificatePem]).update(study, STUDY_RECORD_PATH, f.site.org.id);
  return study;
}

// C0 but the line feed, DEL, C1, and the bidi marks, embeddings, overrides and isolates
// eslint-disable-next-line no-control-regex -- control characters are what the test looks for
const controls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('studies from the command line', () => {
  it('containers create without --title is a usage error', async () => {
    const untitled = await cli(['--profile', 'sirb', 'containers', 'create']);
    expect(untitled.code).toBe(2);
    expect(untitled.stderr).toMatch(/--title/);
  });

  it('creates a study that the invited site lists by its title', async () => {
    const study = await json<{ id: string; title: string }>([
      '--profile',
      'sirb',
      'containers',
      'create',
      '--title',
      'Sleep and Recovery',
    ]);
    expect(study.title).toBe('Sleep and Recovery');
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const siteList = await cli(['--profile', 'site', 'containers', 'list']);
    expect(siteList.stdout).toContain(`${study.id}  Sleep and Recovery  owner`);
  });

  it('the invited site reads a renamed study’s title, investigator and protocol', async () => {
    const study = await sharedStudy([
      '--title',
      'Sleep and Recovery',
      '--pi',
      'Dr. Ada Reyes',
      '--protocol',
      '2026-114',
    ]);
    const renamed = await cli([
      '--profile',
      'sirb',
      'containers',
      'rename',
      study,
      'Protocol 2026-114: Sleep and Recovery',
    ]);
    expect(renamed.code).toBe(0);
    const shown = await cli(['--profile', 'site', 'containers', 'show', study]);
    expect(shown.stdout).toContain('Protocol 2026-114: Sleep and Recovery');
    expect(shown.stdout).toContain('principal investigator: Dr. Ada Reyes');
    expect(shown.stdout).toContain('protocol: 2026-114');
  });

  it('show and list print another organization’s fields without terminal controls', async () => {
    const study = await hostileStudy();
    const shown = await cli(['--profile', 'site', 'containers', 'show', study]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toMatch(controls);
    expect(shown.stdout).toContain('sponsor: Acme]8;;https://evil.exampleclick]8;;');
    expect(shown.stdout).toContain('principal investigator: Drevil <a@b>');
    expect(shown.stdout).toContain('Hostile[2J fields');
    const listed = await cli(['--profile', 'site', 'containers', 'list']);
    expect(listed.stdout).toContain(study);
    expect(listed.stdout).not.toMatch(controls);
  });

  it('show --json keeps what was written', async () => {
    const study = await hostileStudy();
    const raw = await json<{ study: { sponsor: string } }>(['--profile', 'site', 'containers', 'show', study]);
    expect(raw.study.sponsor).toBe(hostile.sponsor);
  });

  it('only the owner renames a study', async () => {
    const study = await sharedStudy(['--title', 'Owned']);
    const taken = await cli(['--profile', 'site', 'containers', 'rename', study, 'Taken over']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('Only the organization that owns this study can change its title and details.');
    const renamed = await cli(['--profile', 'sirb', 'containers', 'rename', study, 'Calm title']);
    expect(renamed.stdout.trim()).toBe(`Renamed study ${study} to "Calm title"`);
  });

  it('a rename changes the title only: the other fields stay as they were', async () => {
    const study = await hostileStudy();
    expect((await cli(['--profile', 'sirb', 'containers', 'rename', study, 'Calm title'])).code).toBe(0);
    const after = await json<{ study: { title: string; sponsor: string } }>([
      '--profile',
      'site',
      'containers',
      'show',
      study,
    ]);
    expect(after.study.title).toBe('Calm title');
    expect(after.study.sponsor).toBe(hostile.sponsor);
  });
});
