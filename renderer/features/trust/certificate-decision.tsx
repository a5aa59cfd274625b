// Both certificates side by side for the user's decision: subject, issuer, validity, the SHA-256
// fingerprint in groups of four (to read aloud and compare by phone), and whether each names the
// organization. A collaborator verified out of band is worded more strongly.
import type { CertificateDecisionView, ComparedCertificateView } from '../../../shared/ipc/views.js';
import { groupFingerprint } from '../../../shared/trust/fingerprint.js';
import { formatDate } from '../../lib/format.js';

function Column({ title, c }: { readonly title: string; readonly c: ComparedCertificateView }) {
  return (
    <div className="trust-column">
      {/* not a heading: the notice around it has none to nest under */}
      <p className="trust-column-title">
        <strong>{title}</strong>
      </p>
      <dl>
        <dt>Subject</dt>
        <dd>{c.subject}</dd>
        <dt>Issuer</dt>
        <dd>{c.issuer}</dd>
        <dt>Valid</dt>
        <dd>
          {formatDate(c.validFrom)} – {formatDate(c.validTo)}
        </dd>
        <dt>SHA-256 fingerprint</dt>
        <dd className="mono trust-fingerprint">{groupFingerprint(c.sha256)}</dd>
        <dt>Names the organization</dt>
        <dd>{c.namesOrganization ? 'Yes' : 'No'}</dd>
      </dl>
    </div>
  );
}

export function CertificateComparison({ decision }: { readonly decision: CertificateDecisionView }) {
  return (
    <div className="trust-comparison" data-testid="certificate-comparison">
      <Column title="Accepted certificate" c={decision.accepted} />
      <Column title="New certificate" c={decision.offered} />
    </div>
  );
}

/** The sentence the notice starts with while a decision is open. */
export function decisionWords(name: string, decision: CertificateDecisionView): string {
  return decision.verifiedNote
    ? `The exchange now lists another certificate for ${name}, whose certificate you verified (${decision.verifiedNote}). Do not accept it before comparing its fingerprint with ${name} again: nothing is shared with ${name} until you decide.`
    : `The exchange now lists another certificate for ${name} (not verified). Compare its fingerprint with ${name} before accepting it: nothing is shared with ${name} until you decide.`;
}
