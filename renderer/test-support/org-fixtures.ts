// Organizations, certificates and previews for the issue-7 dialog tests.
import type { Organization } from '../../shared/types.js';
import type { CertificateView, GranteePreview } from '../../shared/ipc/views.js';

export function org(id: string, name: string, overrides: Partial<Organization> = {}): Organization {
  return {
    id: id.repeat(32).slice(0, 32),
    url: '',
    name,
    isSirb: false,
    isDisabled: false,
    certificateUrl: '',
    thumbprint: 'ab'.repeat(20),
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    ...overrides,
  };
}

export function certificate(overrides: Partial<CertificateView> = {}): CertificateView {
  return {
    subject: 'CN=Riverside Medical Center',
    issuer: 'CN=Study Exchange CA',
    validFrom: '2026-01-01T00:00:00Z',
    validTo: '2027-01-01T00:00:00Z',
    thumbprint: 'ab'.repeat(20),
    keyBits: 2048,
    ...overrides,
  };
}

export function preview(organization: Organization, overrides: Partial<GranteePreview> = {}): GranteePreview {
  return { organization, certificate: certificate(), thumbprintMatches: true, ...overrides };
}
