// Collaborators' new certificates for the active profile: what changed (the last check of the
// certificate watch, or a fresh one) and the re-wrap of every grant for one organization's new
// certificate (collaborator-certificates.ts), with a progress event and an activity entry per grant.
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';
import { collaboratorsOf } from './certificate-watch.js';
import { toSlashForm } from '../../../shared/item-path.js';

export function certificateHandlers(ctx: AppContext): Pick<Handlers, 'certificates.changes' | 'certificates.rewrap'> {
  return {
    'certificates.changes': async ({ fresh }) => {
      const profileId = (await ctx.session()).profile.id;
      return fresh ? ctx.certificates.check(profileId, { after: true }) : ctx.certificates.current(profileId);
    },
    'certificates.rewrap': async ({ organizationId, containerId }) => {
      const s = await ctx.session();
      const profileId = s.profile.id;
      const organization = await s.organizationName(organizationId);
      // Each grant is an access update, in the activity log like any other (written in order).
      let logged = Promise.resolve();
      const log = (entry: Parameters<AppContext['record']>[0]) => {
        logged = logged.then(() => ctx.record(entry)).catch(() => undefined);
      };
      try {
        return await collaboratorsOf(s, ctx.options.dataDir, ctx.fileChanges).rewrap(organizationId, {
          ...(containerId ? { containerId } : {}),
          onProgress: (item, done, total) => {
            ctx.emit('certificates.rewrapProgress', { profileId, organizationId, done, total, item });
            log({
              action: 'update',
              ok: item.ok,
              study: item.containerId,
              item: item.name ?? toSlashForm(item.path),
              organization,
              detail: item.ok ? 'shared again for its new certificate' : (item.message ?? 'not shared again'),
            });
          },
        });
      } catch (error) {
        log({ action: 'update', ok: false, organization, detail: `nothing shared again: ${(error as Error).message}` });
        throw error;
      } finally {
        await logged;
        // The window's notice follows what is left (nothing, the failures, or all of it when refused).
        void ctx.certificates.check(profileId, { after: true }).catch(() => undefined);
      }
    },
  };
}
