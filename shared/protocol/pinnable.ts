// What of a certificate a profile pins for an organization (shared/trust/pins.ts).
import { createHash } from 'node:crypto';
import type { CertificateToPin } from '../trust/pins.js';
import type { CertificateInfo } from './certificates.js';
import { namedOrganizations } from './organization-name.js';

export function certificateToPin(certificate: CertificateInfo, organizationId: string): CertificateToPin {
  return {
    thumbprint: certificate.thumbprint,
    sha256: createHash('sha256').update(certificate.der).digest('hex'),
    pem: certificate.pem,
    subject: certificate.subject,
    issuer: certificate.issuer,
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    namesOrganization: namedOrganizations(certificate.der).includes(organizationId.toLowerCase()),
  };
}
