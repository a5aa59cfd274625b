// What may be shown about a key and its certificate: never the key itself.
import type { CertificateInfo } from '../../../shared/protocol/certificates.js';

export interface CertificateSummary {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  readonly thumbprint: string;
  readonly keyBits: number;
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
