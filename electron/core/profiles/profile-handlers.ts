// Profiles and their keys: import, generate, switch, edit, remove.
import type { Handlers } from '../ipc-door.js';
import type { KeyView, ProfileView } from '../../../shared/ipc/views.js';
import { UserFacingError } from '../../../shared/app-error.js';
import type { AppContext } from '../app-context.js';
import { openSession, toProfileView } from './session.js';
import type { Organization } from '../../../shared/types.js';
import type { Profile } from '../../services/profiles/profiles.js';
import { parseTrustAnchors } from '../../../shared/protocol/trust-anchors.js';
import { pinsOfCompanion, type BackupPins } from '../../services/keys/profile-backup.js';

/** Key, certificate and PKCS#12 files are small; anything larger is not one. */
const MAX_KEY_FILE_BYTES = 1024 * 1024;

/**
 * Reads a key file the user chose (main's dialog) or the page staged (browser host): the key's
 * bytes never cross to the window. A staged copy is deleted at once; a chosen file's reference
 * stays until the import succeeds, so a wrong password can be typed again.
 */
export async function withKeyFile<T>(ctx: AppContext, ref: string, use: (bytes: Buffer) => Promise<T>): Promise<T> {
  const { readFile, stat } = await import('node:fs/promises');
  const file = ctx.files.get(ref);
  let done = false;
  try {
    if ((await stat(file.path)).size > MAX_KEY_FILE_BYTES) {
      throw new UserFacingError(
        'invalid-argument',
        'That file is too large to be a key or certificate.',
        'Choose the private key (.pem, .key) or PKCS#12 (.p12, .pfx) file.',
      );
    }
    const result = await use(await readFile(file.path));
    done = true;
    return result;
  } finally {
    if (done || file.temporary) await ctx.files.release(ref);
  }
}

type ProfileHandlers = Pick<
  Handlers,
  | 'profiles.list'
  | 'profiles.switch'
  | 'profiles.importPem'
  | 'profiles.importPkcs12'
  | 'profiles.setTrustAnchors'
  | 'profiles.generateKey'
  | 'profiles.update'
  | 'profiles.remove'
>;

/** The profile's keys with their certificates, as the vault recorded them beside each key. */
async function keyViews(ctx: AppContext, profile: Profile): Promise<KeyView[]> {
  const describe = async (keyRef: string, role: KeyView['role']): Promise<KeyView> => {
    const certificate = await ctx.vault.describe(keyRef).then(
      (k) => k.certificate,
      () => undefined,
    );
    return certificate ? { role, certificate } : { role };
  };
  return Promise.all([
    describe(profile.keyRef, 'current'),
    ...(profile.readingKeyRefs ?? []).map((r) => describe(r, 'reading')),
  ]);
}

/** A profile as the window shows it, with its keys (current and reading). */
export async function profileView(
  ctx: AppContext,
  profile: Profile,
  organization?: Organization,
): Promise<ProfileView> {
  const view = toProfileView(profile, ctx.activeProfileId() === profile.id, organization);
  return { ...view, keys: await keyViews(ctx, profile) };
}

/** Every profile as the window shows it, the active one marked. */
export async function profileViews(ctx: AppContext): Promise<ProfileView[]> {
  return Promise.all((await ctx.profiles.list()).map((p) => profileView(ctx, p)));
}

export function profileHandlers(ctx: AppContext): ProfileHandlers {
  const views = () => profileViews(ctx);

  /** Adds a profile for an imported key, learning its role from the exchange when it answers. */
  const addProfile = async (
    input: {
      name: string;
      environment: Profile['environment'];
      baseUrl: string;
      organizationId: string;
      administrator?: boolean;
    },
    key: { keyRef: string; certificate?: Profile['certificate']; readingKeyRefs?: readonly string[] },
    /** From a backup: the pinned certificates, in place before the profile's session can share. */
    pins?: BackupPins,
  ) => {
    // Only the profile's own fields: key material in the arguments never reaches the store.
    const args = {
      name: input.name,
      environment: input.environment,
      baseUrl: input.baseUrl,
      organizationId: input.organizationId,
    };
    const administrator = input.administrator;
    let sirb: boolean | undefined;
    try {
      const probe = await openSession(
        { ...args, id: '0'.repeat(32), roleHints: {}, keyRef: key.keyRef, createdAt: '', updatedAt: '' },
        ctx.vault,
        `StudyExchangeDesktop/${ctx.options.version}`,
        () => {},
      );
      sirb = (await probe.client.getOrganization(args.organizationId)).isSirb;
      probe.close();
    } catch {
      // Offline or not registered yet: the role shows once the exchange answers.
    }
    // From a PKCS#12 file: the key is backed up there, and a backup of this app brings its reading keys.
    const restored = key.readingKeyRefs
      ? { readingKeyRefs: key.readingKeyRefs, backup: { keyRef: key.keyRef, at: new Date().toISOString() } }
      : {};
    const profile = await ctx.profiles.add({
      ...args,
      roleHints: { sirb, admin: administrator },
      keyRef: key.keyRef,
      certificate: key.certificate,
      ...restored,
    });
    if (pins) {
      try {
        await ctx.pins(profile.id).restore(pins);
      } catch (error) {
        await ctx.profiles.remove(profile.id);
        throw error;
      }
    }
    if (!ctx.activeProfileId()) await ctx.switchProfile(profile.id);
    return profileView(ctx, profile);
  };

  return {
    'profiles.list': views,
    'profiles.switch': async ({ profileId }) => {
      const s = await ctx.switchProfile(profileId);
      return profileView(ctx, s.profile, await s.organization(s.profile.organizationId));
    },
    'profiles.importPem': async (args) => {
      const key = args.pendingKeyId
        ? await ctx.vault.attachCertificate(args.pendingKeyId, args.certificatePem)
        : args.keyFile
          ? await withKeyFile(ctx, args.keyFile, (keyPem) => ctx.vault.importPem(keyPem, args.certificatePem))
          : undefined;
      if (!key)
        throw new UserFacingError(
          'missing-key',
          'Choose the private key file.',
          'A profile needs the organization\u2019s private key.',
        );
      return addProfile(args, key);
    },
    'profiles.importPkcs12': async (args) => {
      const { current, reading, companion } = await withKeyFile(ctx, args.pkcs12File, (p12) =>
        ctx.vault.importBackup(p12, args.password),
      );
      try {
        return await addProfile(
          args,
          { ...current, readingKeyRefs: reading.map((k) => k.keyRef) },
          pinsOfCompanion(companion),
        );
      } catch (error) {
        // nothing of a refused restore stays behind
        for (const k of [current, ...reading]) await ctx.vault.remove(k.keyRef);
        throw error;
      }
    },
    'profiles.setTrustAnchors': async ({ profileId, certificatesPem }) => {
      let trustAnchors: string[];
      try {
        trustAnchors = parseTrustAnchors(certificatesPem);
      } catch (e) {
        throw new UserFacingError('invalid-certificate', 'These are not trust anchors.', (e as Error).message);
      }
      const p = await ctx.profiles.update(profileId, { trustAnchors });
      // The session checks grantees against the anchors it was opened with.
      await ctx.resetSession();
      return profileView(ctx, p);
    },
    'profiles.generateKey': async (args) => {
      const { summary, csrPem } = await ctx.vault.generate(
        { commonName: args.commonName, organization: args.organization, country: args.country },
        args.bits ?? 2048,
      );
      return { pendingKeyId: summary.keyRef, csrPem };
    },
    'profiles.update': async ({ profileId, ...patch }) => {
      const p = await ctx.profiles.update(profileId, patch);
      if (ctx.activeProfileId() === profileId) await ctx.resetSession();
      return profileView(ctx, p);
    },
    'profiles.remove': async ({ profileId }) => {
      const p = await ctx.profiles.get(profileId);
      await ctx.profiles.remove(profileId);
      // its session stops and its files go before its keys: nothing of it is written again
      await ctx.forgetProfile(profileId);
      for (const keyRef of [p.keyRef, ...(p.readingKeyRefs ?? [])]) await ctx.vault.remove(keyRef);
      if (ctx.activeProfileId() === profileId) {
        await ctx.resetSession();
        const next = (await ctx.profiles.list())[0];
        if (next) await ctx.switchProfile(next.id);
      }
      return views();
    },
  };
}
