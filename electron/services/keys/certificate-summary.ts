// What may be shown about a key and its certificate: never the key itself.
import type { CertificateInfo } from '../../../shared/protocol/certificates.js';
import type { CertificateView } from '../../../shared/ipc/views.js';

/** What the renderer may see of a certificate, plus whether it has expired. */
export interface CertificateSummary extends CertificateView {
  readonly expired: boolean;
}

export function summarizeCertificate(info: CertificateInfo, now = Date.now()): CertificateSummary {
  return {
    subject: info.subject,
    issuer: info.issuer,
    validFrom: info.validFrom,
    validTo: info.validTo,
    thumbprint: info.thumbprint,
    keyBits: info.keyBits,
    expired: Date.parse(info.validTo) < now,
  };
}
