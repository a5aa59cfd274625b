// What main answers the sharing room's operations with (shared/ipc/views.ts re-exports it).
import type { AppError } from '../../app-error.js';
import type { Organization } from '../../types.js';
import type { CertificateView } from './profiles-views.js';

export interface AccessResult {
  readonly itemPath: string;
  readonly organizationId: string;
  readonly ok: boolean;
  readonly error?: AppError;
}

export interface GranteePreview {
  readonly organization: Organization;
  readonly certificate?: CertificateView;
  /** False when the certificate's thumbprint differs from the directory's: granting is blocked. */
  readonly thumbprintMatches: boolean;
  readonly problem?: string;
}
