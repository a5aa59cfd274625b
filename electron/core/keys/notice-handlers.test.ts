// The "never backed up" notice's dismissal, with a real profile store and vault against the
// reference exchange: remembered in the data folder for the profile's current key, and back once
// a renewal makes another key current.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewProfile } from '../../services/keys/renewal.js';
import type { ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { renew } from '../../services/test-support/renewal.js';
import type { AppContext } from '../app-context.js';
import { addSiteProfile, fixtureWithFolder, type FixtureWithFolder } from '../test-support/fixture-site.js';
import { noticeHandlers } from './notice-handlers.js';

let scratch: FixtureWithFolder;
let fx: ExchangeFixture;
let dir: string;

beforeAll(async () => {
  ({ fx, dir } = scratch = await fixtureWithFolder('notice-handlers-'));
}, 60_000);
afterAll(() => scratch?.close());

describe('notices.dismissBackup and notices.list', () => {
  it('remember the dismissal for the current key, across restarts, until a renewal', async () => {
    const dataDir = join(dir, 'site');
    const { vault, profiles, profile: site } = await addSiteProfile(fx, dataDir);
    const handlersOn = () => noticeHandlers({ profiles, options: { dataDir } } as unknown as AppContext);
    expect(await handlersOn()['notices.list']({})).toEqual({ backupDismissed: [] });
    expect(await handlersOn()['notices.dismissBackup']({ profileId: site.id })).toEqual({ backupDismissed: [site.id] });
    // Another run of the app reads it from the data folder.
    expect(await handlersOn()['notices.list']({})).toEqual({ backupDismissed: [site.id] });

    const renewed = await renew(fx, fx.site);
    const added = await vault.importPem(renewed.identity.privateKeyPem, renewed.identity.certificatePem);
    await renewProfile(profiles, vault, site, added.keyRef);
    expect(await handlersOn()['notices.list']({})).toEqual({ backupDismissed: [] });
  });
});
