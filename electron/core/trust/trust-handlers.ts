// Main's side of the trust operations for the active profile: list the accepted certificates,
// accept the certificate the user compared (then the window runs the existing re-wrap), keep the
// old one, mark a comparison.
// Each answer is followed by a fresh certificate check, so the notice follows the decision.
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { shownText } from '../../../shared/shown-text.js';
import { acceptCertificate, keepCertificate } from './decisions.js';

export function trustHandlers(
  ctx: AppContext,
): Pick<Handlers, 'trust.list' | 'trust.accept' | 'trust.keep' | 'trust.markVerified'> {
  const recheck = (profileId: string) => void ctx.certificates.check(profileId, { after: true }).catch(() => undefined);
  return {
    'trust.list': async () => {
      const s = await ctx.session();
      const pins = await ctx.pins(s.profile.id).all();
      return Promise.all(
        pins.map(async (pin) => ({
          organizationId: pin.organizationId,
          // the directory's name and the subject are the other organization's words
          name: shownText(await s.organizationName(pin.organizationId).catch(() => pin.organizationId)),
          subject: shownText(pin.current.subject),
          sha256: pin.current.sha256,
          acceptedAt: pin.current.acceptedAt,
          how: pin.current.how,
          // a mark made for an earlier certificate says nothing of this one
          ...(pin.verified?.sha256 === pin.current.sha256
            ? { verified: { note: pin.verified.note, at: pin.verified.at } }
            : {}),
        })),
      );
    },
    'trust.accept': async ({ organizationId, sha256 }) => {
      const s = await ctx.session();
      const pin = await acceptCertificate(s.sharing, ctx.pins(s.profile.id), organizationId, sha256);
      await ctx.record({
        action: 'update',
        ok: true,
        organization: await s.organizationName(organizationId),
        detail: `new certificate accepted (${pin.current.subject})`,
      });
      recheck(s.profile.id);
      return { accepted: pin.current.sha256 };
    },
    'trust.keep': async ({ organizationId }) => {
      const s = await ctx.session();
      const pin = await keepCertificate(s.sharing, ctx.pins(s.profile.id), organizationId);
      recheck(s.profile.id);
      return { kept: pin.current.sha256 };
    },
    'trust.markVerified': async ({ organizationId, note }) => {
      const s = await ctx.session();
      const pin = await ctx.pins(s.profile.id).markVerified(organizationId, note);
      recheck(s.profile.id);
      return { verified: pin.verified !== undefined };
    },
  };
}
