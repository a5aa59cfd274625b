// Renewing the active profile's key from the window: the new key current once the directory
// lists its certificate, the own items re-wrapped, the old keys forgotten (services/keys/renewal.ts).
import { UserFacingError } from '../../../shared/app-error.js';
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';
import { forgetOldKeys, renewProfile, rewrapOwnItems } from '../../services/keys/renewal.js';
import { profileView, withKeyFile } from '../profiles/profile-handlers.js';

type RenewalHandlers = Pick<Handlers, 'profiles.renew' | 'profiles.rewrapOwnItems' | 'profiles.forgetOldKeys'>;

export function renewalHandlers(ctx: AppContext): RenewalHandlers {
  const userAgent = `StudyExchangeDesktop/${ctx.options.version}`;
  /** The session of this profile, which must be the active one (its client and keys do the work). */
  const sessionOf = async (profileId: string) => {
    if (ctx.activeProfileId() !== profileId) await ctx.switchProfile(profileId);
    return ctx.session();
  };
  return {
    'profiles.renew': async ({ profileId, keyFile, pendingKeyId, certificatePem }) => {
      const profile = await ctx.profiles.get(profileId);
      // A generated key keeps its certificate when the exchange does not list it yet; an imported one goes.
      const key = pendingKeyId
        ? await ctx.vault.attachCertificate(pendingKeyId, certificatePem)
        : keyFile
          ? await withKeyFile(ctx, keyFile, (pem) => ctx.vault.importPem(pem, certificatePem))
          : undefined;
      if (!key)
        throw new UserFacingError(
          'missing-key',
          'Choose the new private key file.',
          'A renewal needs the new key and the certificate issued for it.',
        );
      let next;
      try {
        next = await renewProfile(ctx.profiles, ctx.vault, profile, key.keyRef, { userAgent });
      } catch (error) {
        if (!pendingKeyId) await ctx.vault.remove(key.keyRef);
        throw error;
      }
      if (ctx.activeProfileId() === profileId) {
        await ctx.resetSession();
        // The new session re-wraps the own items in the background (own-rewrap.ts).
        await ctx.switchProfile(profileId);
      }
      return profileView(ctx, next);
    },
    'profiles.rewrapOwnItems': async ({ profileId }) => {
      const s = await sessionOf(profileId);
      return rewrapOwnItems(s.client, s.keys);
    },
    'profiles.forgetOldKeys': async ({ profileId }) => {
      const s = await sessionOf(profileId);
      const next = await forgetOldKeys(ctx.profiles, ctx.vault, s.profile, s.client, {
        studyTitle: (id) => s.studyTitle(id),
      });
      await ctx.resetSession();
      return profileView(ctx, next);
    },
  };
}
