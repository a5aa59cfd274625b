// How every CLI test file starts: a fixture exchange (an sIRB and a site) and the tool on a data
// folder of its own with a profile for each, both removed when the file ends.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { cliWithProfiles, type CliFixture } from './cli-fixture.js';

export interface CliSuite {
  readonly f: ExchangeFixture;
  readonly dir: string;
  readonly cli: CliFixture;
}

/** Registers the file's setup and teardown; `ready` gets the suite before any test runs. */
export function cliSuite(name: string, ready: (suite: CliSuite) => void): void {
  let f: ExchangeFixture | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    f = await startFixture();
    dir = await mkdtemp(path.join(os.tmpdir(), `sx-cli-${name}-`));
    ready({ f, dir, cli: await cliWithProfiles(f, dir) });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}
