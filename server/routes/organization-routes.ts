// Organizations and their certificates (protocol.md §2).
import { CERTIFICATE_MEDIA_TYPES, isCertificateMediaType } from '../../shared/admin/certificate-media-types.js';
import { parseCertificate } from '../../shared/protocol/certificates.js';
import { checkCertificateFor } from '../http/certificate-check.js';
import { ApiError } from '../http/api-error.js';
import { sendBytes, sendJson } from '../http/responses.js';
import type { HeaderContext, Route, RouteContext } from '../http/router.js';
import { asBoolean, asString, requireString } from '../http/validate.js';
import type { OrganizationRow } from '../store/rows.js';
import { CertificateTakenError, LastAdministratorError, NameTakenError } from '../store/store.js';
import { checkOrganizationName as checkName } from './organization-name.js';
import { toOrganization } from './wire.js';
import { jsonFields, namedOrganization } from './route-helpers.js';

const ANY = ['sIRB', 'pSite'] as const;

function organizationFor(ctx: HeaderContext): Promise<OrganizationRow> {
  return namedOrganization(ctx, ctx.params['organizationId']!);
}

/**
 * The store's refusals of a change, as answers: a name in use (1003), the last administrator (1020),
 * a certificate another organization has (1010).
 */
async function nameTaken<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof NameTakenError) throw new ApiError('organizationExists', e.message);
    if (e instanceof LastAdministratorError) throw new ApiError('lastAdministrator', e.message);
    if (e instanceof CertificateTakenError) throw new ApiError('invalidCertificate', e.message);
    throw e;
  }
}

async function create(ctx: RouteContext): Promise<void> {
  const f = jsonFields(ctx);
  const name = checkName(requireString(f, 'name'));
  const isSirb = asBoolean(f, 'isSirb') ?? false;
  const pem = asString(f, 'certificate');
  const cert = pem !== undefined ? await checkCertificateFor(ctx.app, pem) : undefined;
  const row = await nameTaken(() =>
    ctx.app.store.insertOrganization(
      { name, isSirb, ...(cert ? { certificatePem: cert.pem, thumbprint: cert.thumbprint } : {}) },
      ctx.app.now(),
    ),
  );
  const org = toOrganization(row);
  sendJson(ctx.res, 201, org, { Location: org.url });
}

async function update(ctx: RouteContext): Promise<void> {
  const target = await organizationFor(ctx);
  const f = jsonFields(ctx);
  const nameText = asString(f, 'name');
  const name = nameText !== undefined ? checkName(nameText) : undefined;
  const isSirb = asBoolean(f, 'isSirb');
  const isDisabled = asBoolean(f, 'isDisabled');
  const row = await nameTaken(() =>
    ctx.app.store.updateOrganization(
      target.id,
      {
        ...(name !== undefined ? { name } : {}),
        ...(isSirb !== undefined ? { isSirb } : {}),
        ...(isDisabled !== undefined ? { isDisabled } : {}),
      },
      ctx.app.now(),
    ),
  );
  sendJson(ctx.res, 200, toOrganization(row!));
}

async function getCertificate(ctx: RouteContext): Promise<void> {
  const org = await organizationFor(ctx);
  if (!org.certificate_pem) throw new ApiError('notFound', `Organization ${org.id} has no certificate.`);
  const accept = (ctx.req.headers.accept ?? '').toLowerCase();
  if (accept.includes('application/pkix-cert')) {
    return sendBytes(ctx.res, 200, 'application/pkix-cert', parseCertificate(org.certificate_pem).der);
  }
  sendBytes(ctx.res, 200, 'application/x-pem-file', Buffer.from(org.certificate_pem, 'utf8'));
}

/** The organization and the certificate's media type: both known from the headers (also before the body). */
async function certificateTarget(ctx: HeaderContext): Promise<{ target: OrganizationRow; type: string }> {
  const target = await organizationFor(ctx);
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!isCertificateMediaType(type)) {
    const last = CERTIFICATE_MEDIA_TYPES.length - 1;
    throw new ApiError(
      'certificateMediaType',
      `Send the certificate as ${CERTIFICATE_MEDIA_TYPES.slice(0, last).join(', ')} or ${CERTIFICATE_MEDIA_TYPES[last]}.`,
    );
  }
  return { target, type };
}

async function putCertificate(ctx: RouteContext): Promise<void> {
  const { target, type } = await certificateTarget(ctx);
  if (ctx.body.byteLength === 0) throw new ApiError('certificateMissing', 'The request body is empty.');
  if (ctx.body.overCap || !ctx.body.buffer)
    throw new ApiError('invalidCertificate', 'The body is too large to be a certificate.');
  const input = type === 'application/x-pem-file' ? ctx.body.buffer.toString('utf8') : ctx.body.buffer;
  const cert = await checkCertificateFor(ctx.app, input);
  const row = await nameTaken(() =>
    ctx.app.store.updateOrganization(
      target.id,
      { certificatePem: cert.pem, thumbprint: cert.thumbprint },
      ctx.app.now(),
    ),
  );
  sendJson(ctx.res, 200, toOrganization(row!));
}

export const organizationRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/organizations',
    body: 'none',
    roles: ANY,
    handle: async (ctx) =>
      sendJson(ctx.res, 200, (await ctx.app.store.listOrganizations(ctx.query.get('name'))).map(toOrganization)),
  },
  { method: 'POST', pattern: '/organizations', body: 'json', roles: ['Admin'], handle: create },
  {
    method: 'GET',
    pattern: '/organizations/:organizationId',
    body: 'none',
    roles: ANY,
    handle: async (ctx) => sendJson(ctx.res, 200, toOrganization(await organizationFor(ctx))),
  },
  {
    method: 'PUT',
    pattern: '/organizations/:organizationId',
    body: 'json',
    roles: ['Admin'],
    beforeBody: organizationFor,
    handle: update,
  },
  {
    method: 'GET',
    pattern: '/organizations/:organizationId/certificate',
    body: 'none',
    roles: ANY,
    handle: getCertificate,
  },
  {
    method: 'PUT',
    pattern: '/organizations/:organizationId/certificate',
    body: 'raw',
    roles: ['Admin'],
    beforeBody: certificateTarget,
    handle: putCertificate,
  },
];
