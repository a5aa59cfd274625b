// Item access: list, preview a grantee's certificate, grant, update (re-wrap), revoke, and
// share with everyone in the study. Batches report per item and organization.
import type { AccessResult } from '../../../shared/ipc/views.js';
import { toAppError } from '../../../shared/app-error.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import type { Session } from '../profiles/session.js';
import { granteePreview } from '../studies/study-handlers.js';
import { itemDisplayName } from '../studies/views.js';
import { notifyUser } from '../whats-new/notice.js';
import { accessNotice } from '../../../shared/access-words.js';

type AccessHandlers = Pick<
  Handlers,
  'access.list' | 'access.preview' | 'access.grant' | 'access.update' | 'access.revoke' | 'access.shareWithStudy'
>;

/** "Share with everyone" passes over a disabled collaborator: reported as the exchange's 1019, not sent. */
const skippedDisabled = toAppError({
  code: 1019,
  status: 409,
  message: 'The organization is disabled.',
  details: 'Skipped: a disabled organization cannot be given access.',
});

type Step = (s: Session, containerId: string, itemPath: string, organizationId: string) => Promise<unknown>;

export function accessHandlers(ctx: AppContext): AccessHandlers {
  /** Runs one step for every item × organization, records each, and notifies once per batch. */
  const batch = async (
    action: 'grant' | 'update' | 'revoke',
    args: { containerId: string; itemPaths: string[]; organizationIds: string[] },
    step: Step,
  ) => {
    const s = await ctx.session();
    const results: AccessResult[] = [];
    const outcomes: { organization: string; ok: boolean }[] = [];
    for (const itemPath of args.itemPaths) {
      const item = await itemDisplayName(s, args.containerId, itemPath);
      for (const organizationId of args.organizationIds) {
        const organization = await s.organizationName(organizationId);
        try {
          await step(s, args.containerId, itemPath, organizationId);
          results.push({ itemPath, organizationId, ok: true });
          outcomes.push({ organization, ok: true });
          await ctx.record({ action, ok: true, study: args.containerId, item, organization });
        } catch (e) {
          const error = toAppError(e);
          results.push({ itemPath, organizationId, ok: false, error });
          outcomes.push({ organization, ok: false });
          await ctx.record({ action, ok: false, study: args.containerId, item, organization, detail: error.message });
        }
      }
    }
    if (results.length > 1) {
      const study = await s.studyTitle(args.containerId).catch(() => args.containerId);
      // said as what happened to whom: "Shared with Riverside Medical Center and Lakeside University"
      await notifyUser(ctx, accessNotice(action, outcomes, args.itemPaths.length, study));
    }
    return results;
  };

  return {
    'access.list': async ({ containerId, itemPath }) =>
      (await ctx.session()).client.getItemAccess(containerId, itemPath),
    'access.preview': async ({ organizationId }) => {
      const s = await ctx.session();
      return granteePreview(s, await s.client.getOrganization(organizationId));
    },
    'access.grant': (args) => batch('grant', args, (s, c, p, o) => s.sharing.grant(c, p, o)),
    'access.update': (args) => batch('update', args, (s, c, p, o) => s.sharing.update(c, p, o)),
    'access.revoke': (args) => batch('revoke', args, (s, c, p, o) => s.sharing.revoke(c, p, o)),
    'access.shareWithStudy': async ({ containerId, itemPaths }) => {
      const s = await ctx.session();
      const members = (await s.client.listContainerOrganizations(containerId)).filter(
        (m) => m.id !== s.profile.organizationId,
      );
      // A disabled collaborator cannot be given access (the exchange refuses it with 1019,
      // docs/protocol.md): it is not asked, and reported as skipped for that reason.
      const others = members.filter((m) => !m.isDisabled).map((m) => m.id);
      const disabled = members.filter((m) => m.isDisabled).map((m) => m.id);
      const results: AccessResult[] = [];
      for (const itemPath of itemPaths) {
        const current = new Set((await s.client.getItemAccess(containerId, itemPath)).map((o) => o.id));
        const missing = others.filter((o) => !current.has(o));
        for (const organizationId of disabled.filter((o) => !current.has(o))) {
          results.push({ itemPath, organizationId, ok: false, error: skippedDisabled });
        }
        if (missing.length)
          results.push(
            ...(await batch('grant', { containerId, itemPaths: [itemPath], organizationIds: missing }, (s2, c, p, o) =>
              s2.sharing.grant(c, p, o),
            )),
          );
      }
      return results;
    },
  };
}
