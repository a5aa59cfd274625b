// Studies (containers), their collaborators, the organization directory and Admin actions.
import { parseCertificate } from '../../../shared/protocol/certificates.js';
import type { GranteePreview } from '../../../shared/ipc/views.js';
import type { Organization } from '../../../shared/types.js';
import type { CertificateMediaType } from '../../services/exchange-client.js';
import { summarizeCertificate } from '../../services/keys/certificate-summary.js';
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../session.js';
import { containerView } from './views.js';
import { findInStudies } from './search-index.js';

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
  | 'admin.createOrganization'
  | 'admin.updateOrganization'
  | 'admin.putCertificate'
>;

/** An organization with its certificate, checked against the directory's thumbprint. */
export async function granteePreview(s: Session, organization: Organization): Promise<GranteePreview> {
  if (!organization.thumbprint) return { organization, thumbprintMatches: false, problem: `${organization.name} has no registered certificate.` };
  try {
    const info = parseCertificate(await s.client.getCertificate(organization.id));
    const matches = info.thumbprint === organization.thumbprint.toLowerCase();
    return {
      organization,
      certificate: summarizeCertificate(info),
      thumbprintMatches: matches,
      ...(matches
        ? {}
        : { problem: `The certificate the exchange sent for ${organization.name} is not the one in the directory (thumbprint ${organization.thumbprint}). Nothing will be shared with it.` }),
    };
  } catch (e) {
    return { organization, thumbprintMatches: false, problem: e instanceof Error ? e.message : String(e) };
  }
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
      await s.studies.save(c.id, fields);
      s.rememberTitle(c.id, fields.title);
      await ctx.record({ action: 'create-study', ok: true, study: c.id, ...(fields.protocolNumber ? { detail: `protocol ${fields.protocolNumber}` } : {}) });
      ctx.options.platform.notify('Study created', `“${fields.title}” is ready: invite the participating sites and upload documents.`);
      return containerView(s, c);
    },
    'search.find': async ({ query }) => findInStudies(await ctx.session(), query),
    'containers.updateStudy': async ({ containerId, ...fields }) => {
      const s = await ctx.session();
      const before = await s.studyTitle(containerId);
      const { granted } = await s.studies.save(containerId, fields);
      s.rememberTitle(containerId, fields.title);
      const renamed = before !== fields.title ? `renamed from “${before}”` : 'study details edited';
      await ctx.record({ action: 'edit-study', ok: true, study: containerId, detail: granted.length ? `${renamed}; granted to ${granted.length} collaborator(s)` : renamed });
      return containerView(s, await s.client.getContainer(containerId));
    },
    'collaborators.list': async ({ containerId }) => (await ctx.session()).client.listContainerOrganizations(containerId),
    'collaborators.add': async ({ containerId, organizationId }) => {
      const s = await ctx.session();
      const name = await s.organizationName(organizationId);
      try {
        const list = await s.client.grantContainerAccess(containerId, organizationId);
        // The invited site sees the study by its title at once (decisions §6).
        // A failure here leaves the invitation standing; the next edit of the record grants it again.
        const titleProblem = await s.studies.grantTo(containerId, organizationId).then(
          () => undefined,
          (e: unknown) => `the study record could not be shared: ${e instanceof Error ? e.message : String(e)}`,
        );
        await ctx.record({ action: 'invite', ok: true, study: containerId, organization: name, ...(titleProblem ? { detail: titleProblem } : {}) });
        return list;
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
    'organizations.list': async ({ namePrefix }) => (await ctx.session()).client.listOrganizations(namePrefix || undefined),
    'organizations.get': async ({ organizationId }) => {
      const s = await ctx.session();
      return granteePreview(s, await s.client.getOrganization(organizationId));
    },
    'admin.createOrganization': async (args) => {
      const s = await ctx.session();
      // The wire field is `certificate` (decisions §3); the contract names it for what it holds.
      const org = await s.client.createOrganization({ name: args.name, isSirb: args.isSirb, ...(args.certificatePem ? { certificate: args.certificatePem } : {}) });
      await ctx.record({ action: 'admin', ok: true, organization: org.name, detail: 'created organization' });
      return org;
    },
    'admin.updateOrganization': async ({ organizationId, ...patch }) => {
      const s = await ctx.session();
      const org = await s.client.updateOrganization(organizationId, patch);
      await ctx.record({ action: 'admin', ok: true, organization: org.name, detail: `updated ${Object.keys(patch).join(', ')}` });
      return org;
    },
    'admin.putCertificate': async ({ organizationId, certificateBase64, mediaType }) => {
      const s = await ctx.session();
      const org = await s.client.putCertificate(organizationId, Buffer.from(certificateBase64, 'base64'), mediaType as CertificateMediaType);
      await ctx.record({ action: 'admin', ok: true, organization: org.name, detail: 'uploaded certificate' });
      return org;
    },
  };
}
