// The command-line tool's sharing against the reference exchange: `access grant` answers with
// every organization that now holds the document's key.
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

cliSuite('sharing', (s) => {
  ({ f, dir } = s);
  ({ run: cli, json } = s.cli);
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
