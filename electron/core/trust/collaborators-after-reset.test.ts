// The collaborators' file outlives sessions: after a session reset the old session's writes may
// still run beside the new session's. Both go through the app's one queue (AppContext.fileChanges),
// so none of them is lost. A real session pair on one profile, real files.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readJsonFile } from '../../services/atomic-file.js';
import { OneAtATime } from '../../services/one-at-a-time.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { collaboratorsFile } from '../../services/trust/collaborator-certificates.js';
import { openSession } from '../profiles/session.js';
import { fixtureSession, fixtureVault } from '../test-support/fixture-session.js';
import { collaboratorsOf } from './certificate-watch.js';

let fx: ExchangeFixture;
let dir: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'collaborators-after-reset-'));
}, 60_000);
afterAll(async () => {
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

it('loses no write of the old session or the new one to the same collaborators file', async () => {
  const dataDir = join(dir, 'data');
  const fileChanges = new OneAtATime();
  const old = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'));
  // the same profile opened again, as resetSession's next sessionFor does
  const reopened = await openSession(old.profile, fixtureVault(join(dir, 'sirb')), 'after reset', () => {});
  const org = (i: number) => i.toString(16).padStart(32, '0');
  const thumbprint = (i: number) => i.toString(16).padStart(40, 'a');
  // keys wrapped on the old session are remembered while the new one remembers its own
  const before = collaboratorsOf(old, dataDir, fileChanges);
  const after = collaboratorsOf(reopened, dataDir, fileChanges);
  const writes: Promise<void>[] = [];
  for (let i = 1; i <= 12; i++) writes.push(before.rememberShared(org(i), thumbprint(i)));
  old.close();
  for (let i = 13; i <= 24; i++) writes.push(after.rememberShared(org(i), thumbprint(i)));
  await Promise.all(writes);
  reopened.close();

  const saved = await readJsonFile<{ known: Record<string, string> }>(collaboratorsFile(dataDir, old.profile.id));
  expect(saved?.known).toEqual(
    Object.fromEntries(Array.from({ length: 24 }, (_, k) => [org(k + 1), thumbprint(k + 1)])),
  );
});
