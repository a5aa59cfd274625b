// The administrator's directory: organizations created, changed and given a certificate.
import { UserFacingError } from '../../../shared/app-error.js';
import { decodeBase64Strict } from '../../../shared/protocol/base64-decode.js';
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';

type AdminHandlers = Pick<Handlers, 'admin.createOrganization' | 'admin.updateOrganization' | 'admin.putCertificate'>;

export function adminHandlers(ctx: AppContext): AdminHandlers {
  return {
    'admin.createOrganization': async (args) => {
      const s = await ctx.session();
      // The wire field is `certificate` (protocol.md §2); the contract names it for what it holds.
      const org = await s.client.createOrganization({
        name: args.name,
        isSirb: args.isSirb,
        ...(args.certificatePem ? { certificate: args.certificatePem } : {}),
      });
      await ctx.record({ action: 'admin', ok: true, organization: org.name, detail: 'created organization' });
      return org;
    },
    'admin.updateOrganization': async ({ organizationId, ...patch }) => {
      const s = await ctx.session();
      const org = await s.client.updateOrganization(organizationId, patch);
      await ctx.record({
        action: 'admin',
        ok: true,
        organization: org.name,
        detail: `updated ${Object.keys(patch).join(', ')}`,
      });
      return org;
    },
    'admin.putCertificate': async ({ organizationId, certificateBase64, mediaType }) => {
      const certificate = decodeBase64Strict(certificateBase64);
      if (!certificate)
        throw new UserFacingError(
          'invalid-argument',
          'The certificate could not be read.',
          'The app received the certificate file garbled; choose it again.',
        );
      const s = await ctx.session();
      const org = await s.client.putCertificate(organizationId, certificate, mediaType);
      await ctx.record({ action: 'admin', ok: true, organization: org.name, detail: 'uploaded certificate' });
      return org;
    },
  };
}
