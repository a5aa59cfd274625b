// The command-line tool's sign-offs against the reference exchange: the sIRB requests
// "acknowledged" of the site, the site sees it in `requests`, signs with `signoff`, and
// `signoffs list` shows it valid and of this version; after the sIRB replaces the document it is
// of an earlier version and the request waits again. Bad flags are usage errors that sign nothing.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestedView, SignOffRequestView, SignOffView } from '../../shared/signoffs/views.js';
import type { ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import type { CliFixture } from './test-support/cli-fixture.js';
import { cliSuite } from './test-support/cli-suite.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
let json: CliFixture['json'];

async function putConsent(text: string, containerId: string): Promise<void> {
  const file = path.join(dir, 'consent.txt');
  await writeFile(file, text);
  const r = await cli([
    '--profile',
    'sirb',
    'items',
    'put',
    file,
    'consent/form',
    '--name',
    'Consent form',
    '--container',
    containerId,
  ]);
  expect(r.code, r.stderr).toBe(0);
}

cliSuite('signoffs', (s) => {
  ({ f, dir } = s);
  ({ run: cli, json } = s.cli);
});

describe('sign-offs from the command line', () => {
  it('request, requests, signoff, signoffs list; replaced: an earlier version, the request waits again', async () => {
    const study = (await f.sirb.client.createContainer()).id;
    await f.sirb.client.grantContainerAccess(study, f.site.org.id);
    await putConsent('v1', study);
    expect(
      (await cli(['--profile', 'sirb', 'access', 'grant', 'consent/form', f.site.org.id, '--container', study])).code,
    ).toBe(0);

    const asked = await json<{ path: string; organizations: string[] }>([
      '--profile',
      'sirb',
      'signoff',
      'request',
      'consent/form',
      '--container',
      study,
      '--meaning',
      'acknowledged',
      '--org',
      f.site.org.id,
      '--due',
      '2099-12-31',
      '--message',
      'Please acknowledge.',
    ]);
    expect(asked.organizations).toEqual([f.site.org.id]);

    const requested = await json<RequestedView[]>(['--profile', 'site', 'requests']);
    expect(requested.filter((r) => r.containerId === study)).toMatchObject([
      {
        itemPath: 'consent/form',
        meaning: 'acknowledged',
        answered: false,
        dueOn: '2099-12-31',
        message: 'Please acknowledge.',
        from: { id: f.sirb.org.id },
      },
    ]);

    const signed = await cli([
      '--profile',
      'site',
      'signoff',
      'consent/form',
      '--container',
      study,
      '--meaning',
      'acknowledged',
      '--name',
      'Ana Ruiz',
      '--role',
      'Coordinator',
    ]);
    expect(signed.code, signed.stderr).toBe(0);
    expect(signed.stdout).toMatch(/^Acknowledged by Ana Ruiz: signoffs\/[0-9a-f]{32}\/[0-9a-f]{32}\/[0-9a-f]{32}\n$/);

    const listed = await json<{ signOffs: SignOffView[]; requests: SignOffRequestView[] }>([
      '--profile',
      'sirb',
      'signoffs',
      'list',
      'consent/form',
      '--container',
      study,
    ]);
    expect(listed.signOffs).toMatchObject([
      {
        signer: { name: 'Ana Ruiz', role: 'Coordinator' },
        meaning: 'acknowledged',
        valid: true,
        thisVersion: true,
        organization: { id: f.site.org.id },
      },
    ]);
    expect(listed.requests).toMatchObject([{ answered: true }]);
    const human = await cli(['--profile', 'sirb', 'signoffs', 'list', 'consent/form', '--container', study]);
    expect(human.stdout).toContain('Acknowledged by Ana Ruiz (Coordinator), Site Hospital at ');
    expect(human.stdout).toContain('this version, valid');

    await putConsent('v2', study);
    const after = await json<{ signOffs: SignOffView[]; requests: SignOffRequestView[] }>([
      '--profile',
      'sirb',
      'signoffs',
      'list',
      'consent/form',
      '--container',
      study,
    ]);
    expect(after.signOffs).toMatchObject([{ valid: true, thisVersion: false }]);
    expect(after.requests).toMatchObject([{ answered: false, reopened: true }]);
  });

  it('refuses a name with a formula start or an unknown meaning before anything is signed', async () => {
    const study = (await f.sirb.client.createContainer()).id;
    await putConsent('v1', study);
    const formula = await cli([
      '--profile',
      'sirb',
      'signoff',
      'consent/form',
      '--container',
      study,
      '--meaning',
      'approved',
      '--name',
      '=HYPERLINK("x")',
    ]);
    expect(formula.code).toBe(2);
    expect(formula.stderr).toContain('--name: starts like a spreadsheet formula');
    const meaning = await cli([
      '--profile',
      'sirb',
      'signoff',
      'consent/form',
      '--container',
      study,
      '--meaning',
      'liked',
      '--name',
      'Ana',
    ]);
    expect(meaning.code).toBe(2);
    const listed = await json<{ signOffs: SignOffView[] }>([
      '--profile',
      'sirb',
      'signoffs',
      'list',
      'consent/form',
      '--container',
      study,
    ]);
    expect(listed.signOffs).toEqual([]);
  });
});
