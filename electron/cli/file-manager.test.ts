// The command-line tool's items against the reference exchange: `items put` with its progress,
// `list` and `get` by a granted site, a pSite's `items add` shared with the owner, `rm` refused
// to a reader, and the study record kept out of the study's documents.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import type { CliFixture } from './test-support/cli-fixture.js';
import { cliSuite } from './test-support/cli-suite.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
let json: CliFixture['json'];

cliSuite('items', (s) => {
  ({ f, dir } = s);
  ({ run: cli, json } = s.cli);
});

/** A study of the sIRB's with the site invited. */
async function sharedStudy(title: string): Promise<string> {
  const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', title]);
  await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
  return study.id;
}

/** A local file of `size` random bytes. */
async function localFile(name: string, size: number): Promise<{ file: string; bytes: Buffer }> {
  const file = path.join(dir, name);
  const bytes = randomBytes(size);
  await writeFile(file, bytes);
  return { file, bytes };
}

/** The sIRB's document at `remote`, granted to the site. */
async function grantedDocument(study: string, remote: string, file: string): Promise<void> {
  const put = await cli(['--profile', 'sirb', 'items', 'put', file, remote, '--container', study]);
  expect(put.code, put.stderr).toBe(0);
  await json(['--profile', 'sirb', 'access', 'grant', remote, f.site.org.id, '--container', study]);
}

describe('items from the command line', () => {
  it('items list without --container is a usage error', async () => {
    const bad = await cli(['items', 'list']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--container ID is required/);
  });

  it('items put reports its progress to 100%', async () => {
    const study = await sharedStudy('Progress');
    const { file } = await localFile('consent form.pdf', 300_000);
    const put = await cli(['--profile', 'sirb', 'items', 'put', file, 'documents/consent', '--container', study]);
    expect(put.code).toBe(0);
    expect(put.stderr).toMatch(/sending: .* \(100%\)/);
  });

  it('the site granted a document lists it and gets the same bytes', async () => {
    const study = await sharedStudy('Granted');
    const { file, bytes } = await localFile('granted.pdf', 300_000);
    await grantedDocument(study, 'documents/consent', file);
    const items = await json<{ id: string }[]>([
      '--profile',
      'site',
      'items',
      'list',
      'documents',
      '--container',
      study,
    ]);
    expect(items.map((i) => i.id)).toEqual(['documents|consent']);
    const out = path.join(dir, 'copy.pdf');
    const got = await cli(['--profile', 'site', 'items', 'get', 'documents|consent', out, '--container', study]);
    expect(got.code).toBe(0);
    expect((await readFile(out)).equals(bytes)).toBe(true);
  });

  it('a pSite’s upload with items add is shared with the study’s owner at once', async () => {
    const study = await sharedStudy('Reports');
    const { file } = await localFile('report.pdf', 2000);
    const added = await json<{ item: { id: string }; sharedWithOwner: boolean }>([
      '--profile',
      'site',
      'items',
      'add',
      file,
      'reports',
      '--container',
      study,
    ]);
    expect(added.item.id).toMatch(/^reports\|[0-9a-f]{32}$/);
    expect(added.sharedWithOwner).toBe(true);
  });

  it('items rm by the site that reads but does not own the item: 2007, 403 and the request id in --json', async () => {
    const study = await sharedStudy('Not yours');
    await grantedDocument(study, 'documents/consent', (await localFile('kept.pdf', 2000)).file);
    const removed = await cli([
      '--profile',
      'site',
      'items',
      'rm',
      'documents/consent',
      '--container',
      study,
      '--json',
    ]);
    expect(removed.code).toBe(1);
    expect(JSON.parse(removed.stdout).error).toMatchObject({
      code: 2007,
      status: 403,
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('the study record is not one of the study’s documents', async () => {
    const study = await sharedStudy('Only a record');
    const items = await cli(['--profile', 'sirb', 'items', 'list', '--container', study]);
    expect(items.stdout.trim()).toBe('No items.');
    expect(await json<unknown[]>(['--profile', 'sirb', 'items', 'list', '--container', study])).toEqual([]);
  });
});
