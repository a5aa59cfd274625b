// The command-line tool's receipts against the reference exchange: `items get` of the sIRB's
// document sends a receipt, `receipts --container` shows it (and --csv), listings never show
// receipts, and `receipts sending off` stops them.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { receiptPath } from '../services/receipts/receipt-record.js';
import type { CliFixture } from './test-support/cli-fixture.js';
import { cliSuite } from './test-support/cli-suite.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
let json: CliFixture['json'];

/** The sIRB puts the consent form (a new version each time) at documents/consent. */
async function putConsent(file: string, containerId: string): Promise<void> {
  const args = ['--profile', 'sirb', 'items', 'put', file, 'documents/consent', '--name', 'Consent form'];
  expect((await cli([...args, '--container', containerId])).code).toBe(0);
}

cliSuite('receipts', (s) => {
  ({ f, dir } = s);
  ({ run: cli, json } = s.cli);
});

describe('receipts on the command line', () => {
  it('items get sends a receipt; receipts shows and exports it; listings hide receipts', async () => {
    const study = await json<{ id: string }>([
      '--profile',
      'sirb',
      'containers',
      'create',
      '--title',
      'Receipts study',
    ]);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const file = path.join(dir, 'consent.pdf');
    await writeFile(file, 'consent v1');
    await putConsent(file, study.id);
    await json(['--profile', 'sirb', 'access', 'grant', 'documents/consent', f.site.org.id, '--container', study.id]);

    const before = await cli(['--profile', 'sirb', 'receipts', '--container', study.id]);
    expect(before.stdout).toContain('Site Hospital: not yet');

    const got = await cli([
      '--profile',
      'site',
      'items',
      'get',
      'documents/consent',
      path.join(dir, 'copy.pdf'),
      '--container',
      study.id,
    ]);
    expect(got.code).toBe(0);
    const after = await cli(['--profile', 'sirb', 'receipts', '--container', study.id]);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(
      /consent.pdf {2}\(documents\/consent\)\n {2}Site Hospital: this version \(downloaded \d{4}-/,
    );
    const csv = await cli(['--profile', 'sirb', 'receipts', '--container', study.id, '--csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe(
      'document,path,updated,organization,organization id,status,received at (reported by the receiving site),action,note',
    );
    expect(csv.stdout).toMatch(
      new RegExp(
        `^consent.pdf,documents/consent,[^,]+,Site Hospital,${f.site.org.id},this version,[^,]+,downloaded,\\r$`,
        'm',
      ),
    );

    // the receipt is granted to the sIRB, and still not one of the study's items in a listing
    const listed = await json<{ id: string }[]>([
      '--profile',
      'sirb',
      'items',
      'list',
      '--recurse',
      '--container',
      study.id,
    ]);
    expect(listed.map((i) => i.id)).toEqual(['documents|consent']);
    const siteListed = await json<{ id: string }[]>([
      '--profile',
      'site',
      'items',
      'list',
      '--recurse',
      '--container',
      study.id,
    ]);
    expect(siteListed.map((i) => i.id)).toEqual(['documents|consent']);

    // replaced by the sIRB: the site has an earlier version until it downloads again
    await writeFile(file, 'consent v2');
    await putConsent(file, study.id);
    await json(['--profile', 'sirb', 'access', 'update', 'documents/consent', f.site.org.id, '--container', study.id]);
    expect((await cli(['--profile', 'sirb', 'receipts', '--container', study.id])).stdout).toContain(
      'Site Hospital: earlier version',
    );
  });

  it('items get of the study record or of a receipt sends no receipt back', async () => {
    const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', 'Records']);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const file = path.join(dir, 'plan.pdf');
    await writeFile(file, 'plan');
    await cli(['--profile', 'sirb', 'items', 'put', file, 'documents/plan', '--container', study.id]);
    await json(['--profile', 'sirb', 'access', 'grant', 'documents/plan', f.site.org.id, '--container', study.id]);
    const get = (profile: string, remote: string) =>
      cli(['--profile', profile, 'items', 'get', remote, path.join(dir, `${profile}-got`), '--container', study.id]);
    expect((await get('site', 'documents/plan')).code).toBe(0);
    const siteReceipt = receiptPath(f.site.org.id, 'documents/plan');
    expect((await f.sirb.client.getItem(study.id, siteReceipt)).id).toBe(siteReceipt.replace(/\//g, '|'));

    // the sIRB reads the site's receipt, the site reads the study record: neither is acknowledged
    expect((await get('sirb', siteReceipt)).code).toBe(0);
    expect((await get('site', 'study')).code).toBe(0);
    for (const [org, client, read] of [
      [f.sirb.org.id, f.site.client, siteReceipt],
      [f.site.org.id, f.sirb.client, 'study'],
    ] as const)
      await expect(client.getItem(study.id, receiptPath(org, read))).rejects.toMatchObject({ status: 404 });
    const all = await f.sirb.client.listItems(study.id, 'receipts', { recurse: true });
    expect((Array.isArray(all) ? all : [all]).map((i) => i.id)).toEqual([siteReceipt.replace(/\//g, '|')]);
  });

  it('receipts sending off: nothing is sent, and the report says this profile does not send them', async () => {
    expect(await json(['--profile', 'site', 'receipts', 'sending', 'off'])).toEqual({ sending: false });
    const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', 'No receipts']);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const file = path.join(dir, 'budget.pdf');
    await writeFile(file, 'budget');
    await cli(['--profile', 'sirb', 'items', 'put', file, 'documents/budget', '--container', study.id]);
    await json(['--profile', 'sirb', 'access', 'grant', 'documents/budget', f.site.org.id, '--container', study.id]);
    expect(
      (
        await cli([
          '--profile',
          'site',
          'items',
          'get',
          'documents/budget',
          path.join(dir, 'b.pdf'),
          '--container',
          study.id,
        ])
      ).code,
    ).toBe(0);
    expect((await cli(['--profile', 'sirb', 'receipts', '--container', study.id])).stdout).toContain(
      'Site Hospital: not yet',
    );
    expect((await cli(['--profile', 'site', 'receipts', '--container', study.id])).stdout).toContain(
      'does not send receipts',
    );
    expect((await cli(['--profile', 'site', 'receipts', 'sending', 'maybe'])).code).toBe(2);
    expect(await json(['--profile', 'site', 'receipts', 'sending', 'on'])).toEqual({ sending: true });
  });
});
