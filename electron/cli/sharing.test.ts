// The command-line tool's sharing against the reference exchange: `access grant` answers with
// every organization that now holds the document's key.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './test-support/cli-fixture.js';

let f: ExchangeFixture;
let dir: string;
let cli: CliFixture['run'];
let json: CliFixture['json'];

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-cli-sharing-'));
  ({ run: cli, json } = await cliWithProfiles(f, dir));
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('sharing from the command line', () => {
  it('access grant answers with the owner and the organization granted', async () => {
    const study = await json<{ id: string }>(['--profile', 'sirb', 'containers', 'create', '--title', 'Grants']);
    await json(['--profile', 'sirb', 'collaborators', 'add', f.site.org.id, '--container', study.id]);
    const file = path.join(dir, 'consent.pdf');
    await writeFile(file, 'consent');
    const put = await cli(['--profile', 'sirb', 'items', 'put', file, 'documents/consent', '--container', study.id]);
    expect(put.code, put.stderr).toBe(0);
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
  });
});
