// "Sign-offs requested" is read whole: when one request's document cannot be read because the
// network drops, the listing fails as a network failure the window offers to retry, never a list
// showing that request as not answered; once the network is back, the same call lists it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toAppError } from '../../../shared/app-error.js';
import { itemPathToUrl } from '../../../shared/item-path.js';
import { writeRequest } from '../../services/signoffs/signoff-writer.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { signoffHandlers } from './signoff-handlers.js';
import { sharedDocument, signOffSession, type SignOffSession } from './test-support/signoff-sessions.js';

let fx: ExchangeFixture;
let dir: string;
let sirb: SignOffSession;
let site: SignOffSession;

beforeAll(async () => {
  fx = await startFixture({}, { cuttable: true });
  dir = await mkdtemp(join(tmpdir(), 'requested-failure-'));
  sirb = await signOffSession(fx, fx.sirb, join(dir, 'sirb'));
  site = await signOffSession(fx, fx.site, join(dir, 'site'));
}, 60_000);

afterAll(async () => {
  for (const s of [sirb, site]) s?.session.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

it('one document read that drops fails the listing as a network failure to retry', async () => {
  const { containerId, itemPath } = await sharedDocument(sirb.session, fx.site.org.id, 'Consent form', dir);
  await writeRequest(sirb.session, containerId, itemPath, {
    meaning: 'acknowledged',
    organizationIds: [fx.site.org.id],
    dueOn: '2099-12-31',
  });
  const h = signoffHandlers(site.ctx);
  const before = fx.cuts;
  fx.cut((line) => line.includes(itemPathToUrl(itemPath)));
  let failure: unknown;
  try {
    await h['signoffs.requested']({}, undefined as never);
  } catch (e) {
    failure = e;
  } finally {
    fx.uncut();
  }
  expect(fx.cuts).toBeGreaterThan(before);
  expect(toAppError(failure)).toMatchObject({ code: 'network', retryable: true });

  const mine = (await h['signoffs.requested']({}, undefined as never)).filter((r) => r.containerId === containerId);
  expect(mine).toMatchObject([{ itemPath, documentName: 'Consent form.pdf', answered: false }]);
}, 90_000);
