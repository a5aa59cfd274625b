// A certificate as a coordinator checks it: who it names, who issued it, when it is valid, and the
// thumbprint to compare with what the organization says over the phone.
import type { CertificateView } from '../../../shared/ipc/views.js';
import { formatDate } from '../../lib/format.js';

export function CertificateDetails({
  certificate,
  testId,
}: {
  readonly certificate: CertificateView;
  readonly testId?: string;
}) {
  return (
    <dl className="certificate-details" data-testid={testId}>
      <dt>Subject</dt>
      <dd data-testid="cert-subject">{certificate.subject || '—'}</dd>
      <dt>Issuer</dt>
      <dd data-testid="cert-issuer">{certificate.issuer || '—'}</dd>
      <dt>Valid</dt>
      <dd data-testid="cert-validity">
        {formatDate(certificate.validFrom)} to {formatDate(certificate.validTo)}
      </dd>
      <dt>SHA-1 fingerprint</dt>
      <dd className="mono" data-testid="cert-thumbprint">
        {certificate.thumbprint || '—'}
      </dd>
      {certificate.keyBits ? (
        <>
          <dt>Key</dt>
          <dd>RSA {certificate.keyBits} bits</dd>
        </>
      ) : null}
    </dl>
  );
}
