// The binder on the command line against the reference exchange: the sIRB sets the checklist
// (granted to the site it invites), the site puts documents with their type, expiry and person,
// `checklist show --json` prints exactly the shape with the statuses computeFulfilment
// decides for an injected day (--today), `--csv` neutralises hostile titles, `items describe`
// keeps the content, and `expiring` lists what expires across studies.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import type { CliFixture } from './test-support/cli-fixture.js';
import { cliSuite } from './test-support/cli-suite.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
let json: CliFixture['json'];

cliSuite('binder', (s) => {
  ({ f, dir } = s);
  ({ run: cli, json } = s.cli);
});

const TODAY = '2026-06-01';

describe('the binder on the command line', () => {
  it('checklist set and show, items put with fields, describe, expiring', async () => {
    const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', 'Binder study']);
    const c = ['--container', study.id];
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, ...c]);
    const items = [
      { id: 'pi-cv', title: 'PI CV', docType: 'cv', from: 'each-site', needsExpiry: true },
      { id: 'gcp', title: 'GCP training', docType: 'gcp-training', from: 'each-site', perPerson: true },
      {
        id: 'local',
        title: '=HYPERLINK("http://x")',
        docType: 'local-context',
        from: 'each-site',
        dueOn: '2026-05-31',
      },
      { id: 'protocol', title: 'Protocol', docType: 'protocol', from: 'owner' },
    ];
    const file = path.join(dir, 'checklist.json');
    await writeFile(file, JSON.stringify({ items }));
    expect(await json(['--profile', 'sirb', 'checklist', 'set', file, ...c])).toEqual({ items: 4, notShared: [] });
    // a site may not set it
    expect((await cli(['--profile', 'site', 'checklist', 'set', file, ...c])).code).toBe(1);
    // a malformed file is a usage error, nothing written
    await writeFile(path.join(dir, 'bad.json'), JSON.stringify([{ ...items[0], dueOn: '2026-02-30' }]));
    expect((await cli(['--profile', 'sirb', 'checklist', 'set', path.join(dir, 'bad.json'), ...c])).code).toBe(2);

    const doc = path.join(dir, 'cv.pdf');
    await writeFile(doc, 'cv');
    const put = (remote: string, ...flags: string[]) =>
      json<{ sharedWithOwner: boolean }>(['--profile', 'site', 'items', 'put', doc, remote, ...flags, ...c]);
    expect(await put('binder/cv', '--type', 'cv', '--expires', '2026-06-21', '--person', 'Ana Reyes')).toMatchObject({
      sharedWithOwner: true,
    });
    await put('binder/gcp-ana', '--type', 'gcp-training', '--expires', '2026-05-01', '--person', 'Ana Reyes');
    await put('binder/gcp-bo', '--type', 'gcp-training', '--expires', '2027-05-01', '--person', 'Bo Chen');
    expect((await cli(['--profile', 'site', 'items', 'put', doc, 'x', '--expires', '2026-06-01', ...c])).code).toBe(2);
    expect(
      (await cli(['--profile', 'site', 'items', 'put', doc, 'x', '--type', 'cv', '--expires', '2026-02-30', ...c]))
        .code,
    ).toBe(2);

    type Cell = { itemId: string; organizationId: string; status: string; document?: Record<string, string> };
    const show = (profile: string) => json<Cell[]>(['--profile', profile, 'checklist', 'show', '--today', TODAY, ...c]);
    const cells = await show('sirb');
    const site = f.site.org.id;
    const sirb = f.sirb.org.id;
    expect(cells.map((x) => [x.itemId, x.organizationId === site ? 'site' : 'sirb', x.status])).toEqual([
      ['protocol', 'sirb', 'missing'],
      ['pi-cv', 'site', 'expiring'],
      ['gcp', 'site', 'expired'],
      ['gcp', 'site', 'received'],
      ['local', 'site', 'overdue'],
    ]);
    // exactly the shape: itemId, organizationId, status, document {path, name, expiresOn?, updatedAt}
    const cv = cells.find((x) => x.itemId === 'pi-cv')!;
    expect(Object.keys(cv)).toEqual(['itemId', 'organizationId', 'status', 'document']);
    expect(Object.keys(cv.document!)).toEqual(['path', 'name', 'expiresOn', 'updatedAt']);
    expect(cv.document).toMatchObject({ path: 'binder/cv', name: 'cv.pdf', expiresOn: '2026-06-21' });
    expect(cells.find((x) => x.itemId === 'local')).toEqual({
      itemId: 'local',
      organizationId: site,
      status: 'overdue',
    });
    expect(sirb).not.toBe(site);
    // the site sees its own row only, the same statuses
    expect((await show('site')).map((x) => x.status)).toEqual(['expiring', 'expired', 'received', 'overdue']);

    const csv = await cli(['--profile', 'sirb', 'checklist', 'show', '--csv', '--today', TODAY, ...c]);
    expect(csv.stdout).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.stdout).toContain('Expiring in 20 days');
    const human = await cli(['--profile', 'sirb', 'checklist', 'show', '--today', TODAY, ...c]);
    expect(human.stdout).toContain('Site Hospital: 1 of 3');

    // describe: same content, new fields; expiring follows
    const before = await json<{ contentHash: string }[]>(['--profile', 'site', 'items', 'list', 'binder/cv', ...c]);
    const described = await json<{ contentHash: string }>([
      '--profile',
      'site',
      'items',
      'describe',
      'binder/cv',
      '--expires',
      '2026-06-05',
      '--version-label',
      'v2',
      ...c,
    ]);
    expect(described.contentHash).toBe((before as unknown as { contentHash: string }).contentHash);
    expect((await cli(['--profile', 'site', 'items', 'describe', 'binder/cv', ...c])).code).toBe(2);

    const expiring = await json<{
      documents: { path: string; daysLeft: number; expired: boolean; ownerName: string }[];
    }>(['--profile', 'sirb', 'expiring', '--within', '30', '--today', TODAY]);
    expect(expiring.documents.map((d) => [d.path, d.daysLeft, d.expired])).toEqual([
      ['binder/gcp-ana', -31, true],
      ['binder/cv', 4, false],
    ]);
    expect(expiring.documents[0]!.ownerName).toBe('Site Hospital');
    const words = await cli(['--profile', 'sirb', 'expiring', '--today', TODAY]);
    expect(words.stdout).toMatch(
      /2026-05-01 {2}expired 31 days ago {2}Site Hospital {2}GCP training certificate \(Ana Reyes\)/,
    );
  }, 120_000);
});
