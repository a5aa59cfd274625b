// What main shows of profiles, their keys' certificates and the connection check (shared/ipc/views.ts
// re-exports it): never keys or passphrases.
import type { AppError } from '../../app-error.js';

export const ENVIRONMENTS = ['production', 'test', 'sandbox', 'other'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export type Role = 'sirb' | 'psite' | 'admin';

export interface CertificateView {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  readonly thumbprint: string;
  readonly keyBits: number;
}

export interface ProfileView {
  readonly id: string;
  readonly name: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly roles: readonly Role[];
  readonly certificate: CertificateView;
  readonly active: boolean;
  /** How many trust anchors (consortium CA certificates) the profile holds; the sandbox's come with it. */
  readonly trustAnchorCount?: number;
  /** Whether the current key is in a backup made since it became current. */
  readonly backedUp?: boolean;
  /** Keys kept from before a renewal, for reading what is still wrapped for them. */
  readonly readingKeyCount?: number;
  /** The current key, then the reading keys, each with its certificate (where the listing knows them). */
  readonly keys?: readonly KeyView[];
}

/** One of a profile's keys as the window shows it: never the key, only its certificate. */
export interface KeyView {
  readonly role: 'current' | 'reading';
  /** Absent when the certificate was not recorded with the key. */
  readonly certificate?: CertificateView;
}

export interface ConnectionCheck {
  readonly ping: CheckResult;
  readonly site: CheckResult;
  readonly sirb: CheckResult;
  /** Seconds this computer's clock is ahead (+) or behind (-) the exchange, when known. */
  readonly clockSkewSeconds?: number;
}

export interface CheckResult {
  readonly ok: boolean;
  readonly error?: AppError;
}
