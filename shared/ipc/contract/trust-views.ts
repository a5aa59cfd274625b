// What main shows of collaborators' certificates: a new one in the directory, the decision
// between the accepted and the offered one, expiry (shared/ipc/views.ts re-exports it).
import type { CertificateView } from './profiles-views.js';

/** An organization the profile shares with that now has another certificate in the directory. */
export interface CertificateChangeView {
  readonly organizationId: string;
  readonly name: string;
  readonly oldThumbprint: string;
  /** The directory's certificate now (absent when it could not be read). */
  readonly certificate?: CertificateView & { readonly expired: boolean };
  /** Why it may not receive keys (chain, RSA size, validity); absent when it passes. */
  readonly problem?: string;
  /** The profile's own items whose grants still hold keys for the old certificate, and their studies. */
  readonly grantCount: number;
  readonly studyCount: number;
  /** While the directory's certificate is not the accepted (pinned) one: both, for the user to decide. */
  readonly decision?: CertificateDecisionView;
}

/** A certificate as a decision shows it beside the other (SHA-256 hex: shown in groups of four). */
export interface ComparedCertificateView {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  readonly sha256: string;
  /** Whether it names the organization in a SAN (urn:study-exchange:org:<id>). */
  readonly namesOrganization: boolean;
}

export interface CertificateDecisionView {
  readonly accepted: ComparedCertificateView;
  readonly offered: ComparedCertificateView;
  /** How the accepted one was compared out of band, when it was ("compared by phone with …"). */
  readonly verifiedNote?: string;
}

/** A collaborator's certificate that expires within 30 days or has expired (grants to it are refused then). */
export interface ExpiringCertificateView {
  readonly organizationId: string;
  readonly name: string;
  readonly validTo: string;
  readonly expired: boolean;
}
