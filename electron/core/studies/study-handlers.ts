// Studies (containers), their collaborators, the organization directory and Admin actions.
import { parseCertificate } from '../../../shared/protocol/certificates.js';
import type { GranteePreview } from '../../../shared/ipc/views.js';
import type { Organization } from '../../../shared/types.js';
import { summarizeCertificate } from '../../services/keys/certificate-summary.js';
import { notSharedText, type NotShared } from '../../services/study-records.js';
import { toAppError } from '../../../shared/app-error.js';
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../profiles/session.js';
import { containerView } from './views.js';
import { notifyUser } from '../whats-new/notice.js';

type StudyHandlers = Pick<
  Handlers,
  | 'containers.list'
  | 'containers.create'
  | 'containers.updateStudy'
  | 'search.find'
  | 'collaborators.list'
  | 'collaborators.add'
  | 'collaborators.remove'
  | 'organizations.list'
  | 'organizations.get'
>;

/** An organization with its certificate, checked against the directory's thumbprint. */
export async function granteePreview(s: Session, organization: Organization): Promise<GranteePreview> {
  if (!organization.thumbprint)
    return { organization, thumbprintMatches: false, problem: `${organization.name} has no registered certificate.` };
  try {
    const info = parseCertificate(await s.client.getCertificate(organization.id));
    const matches = info.thumbprint === organization.thumbprint.toLowerCase();
    return {
      organization,
      certificate: summarizeCertificate(info),
      thumbprintMatches: matches,
      ...(matches
        ? {}
        : {
            problem: `The certificate the exchange sent for ${organization.name} is not the one in the directory (SHA-1 fingerprint ${organization.thumbprint}). Nothing will be shared with it.`,
          }),
    };
  } catch (e) {
    return { organization, thumbprintMatches: false, problem: e instanceof Error ? e.message : String(e) };
  }
}

/** "saved; not shared with X because …": the collaborators that keep the old title, in words. */
function sharingProblem(notShared: readonly NotShared[]): string | undefined {
  return notShared.length ? `Saved, but ${notSharedText(notShared)}` : undefined;
}

export function studyHandlers(ctx: AppContext): StudyHandlers {
  return {
    'containers.list': async () => {
      const s = await ctx.session();
      const list = await s.client.listContainers();
      const views = await Promise.all(list.map((c) => containerView(s, c)));
      // the one place the studies are ordered: the window shows them as answered
      return views.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || a.id.localeCompare(b.id));
    },
    'containers.create': async (fields) => {
      const s = await ctx.session();
      const c = await s.client.createContainer();
      // The record right after the container: a study is never seen without its title for long.
      // When that fails the study exists all the same: the answer says so, and the window's
      // retry saves the record into this container (containers.updateStudy) instead of making another.
      let notShared: string | undefined;
      try {
        notShared = sharingProblem((await s.studies.save(c, fields)).notShared);
      } catch (e) {
        const problem = toAppError(e);
        await ctx.record({
          action: 'create-study',
          ok: false,
          study: c.id,
          detail: `created, but its title could not be saved: ${problem.message}`,
        });
        return { ...(await containerView(s, c)), recordProblem: problem };
      }
      s.rememberTitle(c.id, fields.title);
      await ctx.record({
        action: 'create-study',
        ok: true,
        study: c.id,
        ...(fields.protocolNumber ? { detail: `protocol ${fields.protocolNumber}` } : {}),
      });
      await notifyUser(ctx, {
        title: 'Study created',
        body: `“${fields.title}” is ready: invite the participating sites and upload documents.`,
        nameless: { title: 'Study created', body: 'Invite the participating sites and upload documents.' },
      });
      return { ...(await containerView(s, c)), ...(notShared ? { notShared } : {}) };
    },
    'search.find': async ({ query }) => (await ctx.session()).search.find(query),
    'containers.updateStudy': async ({ containerId, changed, base, ...fields }) => {
      const s = await ctx.session();
      const container = await s.client.getContainer(containerId);
      const before = await s.studyTitle(containerId);
      // save() refuses a caller that does not own the study (protocol.md §7), and an edit of a changed record when `base` is given
      const saved = await s.studies.save(container, fields, {
        ...(changed ? { changed } : {}),
        ...(base !== undefined ? { base } : {}),
      });
      s.rememberTitle(containerId, saved.record.title);
      const notShared = sharingProblem(saved.notShared);
      const renamed = before !== saved.record.title ? `renamed from “${before}”` : 'study details edited';
      const granted = saved.granted.length ? `; granted to ${saved.granted.length} collaborator(s)` : '';
      await ctx.record({
        action: 'edit-study',
        ok: true,
        study: containerId,
        detail: `${renamed}${granted}${notShared ? `; ${notShared}` : ''}`,
      });
      return {
        ...(await containerView(s, await s.client.getContainer(containerId))),
        ...(notShared ? { notShared } : {}),
      };
    },
    'collaborators.list': async ({ containerId }) =>
      (await ctx.session()).client.listContainerOrganizations(containerId),
    'collaborators.add': async ({ containerId, organizationId }) => {
      const s = await ctx.session();
      const name = await s.organizationName(organizationId);
      try {
        const collaborators = await s.client.grantContainerAccess(containerId, organizationId);
        // The invited site sees the study by its title at once (protocol.md §7).
        // A failure here leaves the invitation standing; the next edit of the record grants it again.
        const titleProblem = await s.studies.grantTo(containerId, organizationId).then(
          () => undefined,
          (e: unknown) =>
            `The study’s title could not be shared with ${name}: ${e instanceof Error ? e.message : String(e)}`,
        );
        await ctx.record({
          action: 'invite',
          ok: true,
          study: containerId,
          organization: name,
          ...(titleProblem ? { detail: titleProblem } : {}),
        });
        return { collaborators, ...(titleProblem ? { titleProblem } : {}) };
      } catch (e) {
        await ctx.record({ action: 'invite', ok: false, study: containerId, organization: name, detail: String(e) });
        throw e;
      }
    },
    'collaborators.remove': async ({ containerId, organizationId }) => {
      const s = await ctx.session();
      const name = await s.organizationName(organizationId);
      // Its grant of the study record goes with it, while we may still change the record's access.
      await s.studies.revokeFrom(containerId, organizationId);
      const list = await s.client.revokeContainerAccess(containerId, organizationId);
      await ctx.record({ action: 'uninvite', ok: true, study: containerId, organization: name });
      return list;
    },
    'organizations.list': async ({ namePrefix }) =>
      (await ctx.session()).client.listOrganizations(namePrefix || undefined),
    'organizations.get': async ({ organizationId }) => {
      const s = await ctx.session();
      return granteePreview(s, await s.client.getOrganization(organizationId));
    },
  };
}
