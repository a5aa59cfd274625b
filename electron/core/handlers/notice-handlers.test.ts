// The "never backed up" notice's dismissal, with a real profile store and vault against the
// reference exchange: remembered in the data folder for the profile's current key, and back once
// a renewal makes another key current.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { ProfileStore } from '../../services/profiles.js';
import { renewProfile } from '../../services/renewal.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { renew } from '../../services/test-support/renewal.js';
import type { AppContext } from '../app-context.js';
import { noticeHandlers } from './notice-handlers.js';

let fx: ExchangeFixture;
let dir: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'notice-handlers-'));
}, 60_000);
afterAll(async () => {
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('notices.dismissBackup and notices.list', () => {
  it('remember the dismissal for the current key, across restarts, until a renewal', async () => {
    const dataDir = join(dir, 'site');
    const profiles = new ProfileStore(dataDir);
    const vault = new KeyVault(dataDir, new PassphraseSecretBox('site', { log2N: 14 }));
    const { keyRef } = await vault.importPem(fx.site.identity.privateKeyPem, fx.site.identity.certificatePem);
    const site = await profiles.add({
      name: 'Site',
      environment: 'test',
      baseUrl: fx.url,
      organizationId: fx.site.org.id,
      roleHints: {},
      keyRef,
      trustAnchors: [fx.ca.certificatePem],
    });
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
