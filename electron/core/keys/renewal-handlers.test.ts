// Renewal from the window, through main's handlers with a real vault, profile store and session
// against the reference exchange: refused until the certificate is registered, then the old key
// reads, the site's own items are re-wrapped, and the old key goes once nothing needs it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCertificate } from '../../services/keys/key-import.js';
import type { Profile } from '../../services/profiles/profiles.js';
import type { ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { renew } from '../../services/test-support/renewal.js';
import { readRecord, writeRecord } from '../../services/transfers/records.js';
import type { AppContext } from '../app-context.js';
import { FileRegistry } from '../transfers/file-registry.js';
import { openSession, type Session } from '../profiles/session.js';
import { addSiteProfile, fixtureWithFolder, type FixtureWithFolder } from '../test-support/fixture-site.js';
import { renewalHandlers } from './renewal-handlers.js';

let scratch: FixtureWithFolder;
let fx: ExchangeFixture;
let dir: string;
let profile: Profile;
let session: Session | undefined;
let ctx: AppContext;
const files = new FileRegistry();

beforeAll(async () => {
  ({ fx, dir } = scratch = await fixtureWithFolder('renewal-handlers-'));
  const site = await addSiteProfile(fx, join(dir, 'site'));
  const { vault, profiles } = site;
  profile = site.profile;
  ctx = {
    profiles,
    vault,
    files,
    options: { version: '0.0.0-test', dataDir: join(dir, 'site') },
    activeProfileId: () => profile.id,
    switchProfile: async () => ctx.session(),
    session: async () =>
      (session ??= await openSession(await profiles.get(profile.id), vault, 'test', () => undefined)),
    resetSession: async () => {
      session?.close();
      session = undefined;
    },
  } as unknown as AppContext;
}, 60_000);
afterAll(async () => {
  session?.close();
  await scratch?.close();
});

describe('profiles.renew, profiles.rewrapOwnItems and profiles.forgetOldKeys', () => {
  it('renew once registered, re-wrap the own items, forget the old key', async () => {
    const study = (await fx.sirb.client.createContainer()).id;
    await fx.sirb.client.grantContainerAccess(study, fx.site.org.id);
    const s = await ctx.session();
    await writeRecord(s.client, s.keys, study, 'ours', { header: { type: 'note' }, content: { ours: true } });
    const handlers = renewalHandlers(ctx);

    const renewed = await renew(fx, fx.site, { register: false });
    const keyPath = join(dir, 'new.key');
    await writeFile(keyPath, renewed.identity.privateKeyPem);
    const keyFile = () => files.register({ path: keyPath, relativePath: 'new.key', size: 1 }).ref;
    await expect(
      handlers['profiles.renew']({
        profileId: profile.id,
        keyFile: keyFile(),
        certificatePem: renewed.identity.certificatePem,
      }),
    ).rejects.toMatchObject({ failure: 'not-registered' });
    expect((await ctx.vault.list()).map((k) => k.keyRef)).toEqual([profile.keyRef]);

    await fx.admin.client.putCertificate(fx.site.org.id, renewed.identity.certificatePem);
    const view = await handlers['profiles.renew']({
      profileId: profile.id,
      keyFile: keyFile(),
      certificatePem: renewed.identity.certificatePem,
    });
    expect(view).toMatchObject({ readingKeyCount: 1, backedUp: false });
    // The window shows both keys with their certificates: the new one current, the old one for reading.
    expect(view.keys?.map((k) => [k.role, k.certificate?.thumbprint])).toEqual([
      ['current', view.certificate.thumbprint],
      ['reading', readCertificate(fx.site.identity.certificatePem).thumbprint],
    ]);
    expect((await readRecord((await ctx.session()).client, (await ctx.session()).keys, study, 'ours')).content).toEqual(
      { ours: true },
    );
    // Refused while the own item needs the old key: named by its name and its study's title, not their ids.
    const refused = await Promise.resolve(handlers['profiles.forgetOldKeys']({ profileId: profile.id })).catch(
      (e: Error) => e,
    );
    expect((refused as Error).message).toMatch(/still open only with an old key: "ours" in "Study [0-9a-f]{8}"/);
    expect((refused as Error).message).not.toContain(study);
    await expect(handlers['profiles.rewrapOwnItems']({ profileId: profile.id })).resolves.toEqual({ rewrapped: 1 });
    await expect(handlers['profiles.rewrapOwnItems']({ profileId: profile.id })).resolves.toEqual({ rewrapped: 0 });
    const forgotten = await handlers['profiles.forgetOldKeys']({ profileId: profile.id });
    expect(forgotten.readingKeyCount).toBe(0);
    const after = await ctx.session();
    expect(after.keys.ring).toHaveLength(1);
    expect((await readRecord(after.client, after.keys, study, 'ours')).content).toEqual({ ours: true });
  });
});
