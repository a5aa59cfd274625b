// Collaborators' new certificates for the active profile: what changed, and the re-wrap of every
// grant for one organization's new certificate (collaborator-certificates.ts).
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';
import { CollaboratorCertificates } from '../../services/collaborator-certificates.js';

export function certificateHandlers(ctx: AppContext): Pick<Handlers, 'certificates.changes' | 'certificates.rewrap'> {
  const watch = async () => {
    const s = await ctx.session();
    return new CollaboratorCertificates(s.client, s.sharing, s.keys, ctx.options.dataDir, s.profile.id);
  };
  return {
    'certificates.changes': async () => {
      const { changes, expiring } = await (await watch()).scan();
      return {
        changes: changes.map((c) => ({
          organizationId: c.organizationId,
          name: c.name,
          oldThumbprint: c.oldThumbprint,
          ...(c.certificate ? { certificate: c.certificate } : {}),
          ...(c.problem ? { problem: c.problem } : {}),
          grantCount: c.grants.length,
          studyCount: c.studies,
        })),
        expiring,
      };
    },
    'certificates.rewrap': async ({ organizationId, containerId }) =>
      (await watch()).rewrap(organizationId, containerId ? { containerId } : {}),
  };
}
