// The background re-wrap after a renewal, against the reference exchange: a session of a profile
// with a reading key wraps its own items again with progress events, once, and says at the end
// how many items still need the old key.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import type { ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { renew } from '../../services/test-support/renewal.js';
import { writeRecord } from '../../services/transfers/records.js';
import { resumeOwnRewrap } from './own-rewrap.js';
import { openSession } from '../profiles/session.js';
import {
  fixtureWithFolder,
  siteProfileFields,
  siteStores,
  type FixtureWithFolder,
} from '../test-support/fixture-site.js';

let scratch: FixtureWithFolder;
let fx: ExchangeFixture;
let dir: string;

beforeAll(async () => {
  ({ fx, dir } = scratch = await fixtureWithFolder('own-rewrap-'));
}, 60_000);
afterAll(() => scratch?.close());

describe('resumeOwnRewrap', () => {
  it('re-wraps a renewed profile\u2019s own items in the background, once per session, with progress', async () => {
    const { vault, profiles } = siteStores(join(dir, 'site'));
    const oldKey = await vault.importPem(fx.site.identity.privateKeyPem, fx.site.identity.certificatePem);
    const study = (await fx.sirb.client.createContainer()).id;
    await fx.sirb.client.grantContainerAccess(study, fx.site.org.id);
    const siteKeys = await fx.keysOf(fx.site);
    for (const p of ['one', 'two'])
      await writeRecord(fx.site.client, siteKeys, study, p, { header: { type: 'note' }, content: { p } });
    const renewed = await renew(fx, fx.site);
    const newKey = await vault.importPem(renewed.identity.privateKeyPem, renewed.identity.certificatePem);
    const profile = await profiles.add({
      ...siteProfileFields(fx),
      keyRef: newKey.keyRef,
      readingKeyRefs: [oldKey.keyRef],
    });
    const s = await openSession(profile, vault, 'test', () => undefined);
    const events: EventPayloads['keys.rewrap'][] = [];
    try {
      const run = resumeOwnRewrap(s, (_, payload) => events.push(payload));
      expect(run).toBeDefined();
      expect(resumeOwnRewrap(s, () => undefined)).toBeUndefined();
      await run;
      expect(events.map((e) => [e.done, e.total, e.finished])).toEqual([
        [1, 2, false],
        [2, 2, false],
        [2, 2, true],
      ]);
      expect(events.at(-1)).toMatchObject({ profileId: profile.id, oldKeysNeeded: 0 });
      // A profile without reading keys starts nothing.
      const plain = await openSession({ ...profile, readingKeyRefs: [] }, vault, 'test', () => undefined);
      expect(resumeOwnRewrap(plain, () => undefined)).toBeUndefined();
      plain.close();
    } finally {
      s.close();
    }
  });
});
