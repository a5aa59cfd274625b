// Collaborators' certificates: an organization the profile shares with that has a new
// certificate in the directory, with how many of the profile's documents and studies still hold
// keys for the old one, the new certificate and its check; "Re-wrap for the new certificate" does
// them all. A certificate other than the accepted one is the user's decision first (both side by
// side, worded more strongly for a verified collaborator). Certificates that expire within 30 days
// or have expired are listed too, and (the `pins` slot) each collaborator's accepted certificate.
import type { ReactNode } from 'react';
import type { AppError, CertificateChangeView, ExpiringCertificateView } from '../../../shared/ipc/views.js';
import { CertificateComparison, decisionWords } from './certificate-decision.js';
import { formatDate } from '../../lib/format.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { CANNOT_SHARE_AGAIN, SHARE_AGAIN, SHARING_AGAIN } from './sharing-again-words.js';

export interface CollaboratorCertificatesProps {
  readonly changes: readonly CertificateChangeView[];
  readonly expiring: readonly ExpiringCertificateView[];
  readonly loading: boolean;
  readonly error?: AppError;
  /** The organization being re-wrapped for, while it runs. */
  readonly rewrapping?: string;
  readonly onRewrap: (organizationId: string) => void;
  /** Accept or Keep a changed certificate (the SHA-256 the user was shown), and whether one runs. */
  readonly decide?: {
    readonly deciding: boolean;
    readonly onAccept: (organizationId: string, sha256: string) => void;
    readonly onKeep: (organizationId: string) => void;
  };
  /** Each collaborator's accepted certificate, fingerprint and verified mark (features/trust). */
  readonly pins?: ReactNode;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function CollaboratorCertificatesSection(props: CollaboratorCertificatesProps) {
  const nothing = !props.loading && !props.error && props.changes.length === 0 && props.expiring.length === 0;
  return (
    <section
      aria-label="Collaborators\u2019 certificates"
      className="settings-section"
      data-testid="collaborator-certificates"
    >
      <h3 className="section-title">Collaborators’ certificates</h3>
      {props.loading ? <p className="muted">Checking the certificates of the organizations you share with…</p> : null}
      {props.error ? (
        <ErrorDisplay context="The collaborators’ certificates could not be checked." error={props.error} />
      ) : null}
      {nothing ? (
        <p className="muted">
          Every organization you share with still has the certificate your documents are shared with.
        </p>
      ) : null}
      <ul className="plain-list">
        {props.changes.map((c) =>
          c.decision ? (
            <li key={c.organizationId} className="profile-entry" data-testid="certificate-change">
              <p
                role="status"
                className={c.decision.verifiedNote ? 'warning' : undefined}
                data-testid="certificate-decision"
              >
                {decisionWords(c.name, c.decision)}
              </p>
              <CertificateComparison decision={c.decision} />
              {props.decide ? (
                <p>
                  <button
                    type="button"
                    data-testid="certificate-accept"
                    disabled={props.decide.deciding}
                    onClick={() => props.decide?.onAccept(c.organizationId, c.decision!.offered.sha256)}
                  >
                    Accept the new certificate
                  </button>{' '}
                  <button
                    type="button"
                    data-testid="certificate-keep"
                    disabled={props.decide.deciding}
                    onClick={() => props.decide?.onKeep(c.organizationId)}
                  >
                    Keep the old one
                  </button>
                </p>
              ) : null}
            </li>
          ) : (
            <li key={c.organizationId} className="profile-entry" data-testid="certificate-change">
              <p role="status">
                <strong>{c.name}</strong> has a new certificate — {c.grantCount} of your documents in{' '}
                {plural(c.studyCount, 'study', 'studies')} still {c.grantCount === 1 ? 'has a key' : 'have keys'} for
                the old one.
              </p>
              {c.certificate ? (
                <dl className="kv">
                  <dt>Subject</dt>
                  <dd>{c.certificate.subject}</dd>
                  <dt>Issuer</dt>
                  <dd>{c.certificate.issuer}</dd>
                  <dt>Valid</dt>
                  <dd>
                    {formatDate(c.certificate.validFrom)} – {formatDate(c.certificate.validTo)}
                  </dd>
                  <dt>SHA-1 fingerprint</dt>
                  <dd className="mono">{c.certificate.thumbprint}</dd>
                </dl>
              ) : null}
              {c.problem ? (
                <p className="warning" data-testid="certificate-change-problem">
                  {CANNOT_SHARE_AGAIN} {c.problem}
                </p>
              ) : (
                <button
                  type="button"
                  data-testid="certificate-rewrap"
                  disabled={props.rewrapping !== undefined}
                  onClick={() => props.onRewrap(c.organizationId)}
                >
                  {props.rewrapping === c.organizationId ? SHARING_AGAIN : SHARE_AGAIN}
                </button>
              )}
            </li>
          ),
        )}
        {props.expiring.map((e) => (
          <li key={`expiring-${e.organizationId}`} className="warning" data-testid="certificate-expiring">
            {e.expired
              ? `The certificate of ${e.name} expired on ${formatDate(e.validTo)}: nothing can be shared with it until a new one is registered.`
              : `The certificate of ${e.name} expires on ${formatDate(e.validTo)}.`}
          </li>
        ))}
      </ul>
      {props.pins}
    </section>
  );
}
