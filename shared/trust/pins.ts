// Pinned certificates (issue 34): per profile, the certificate accepted for each organization
// (the first one seen, or one the user approved since) and the ones accepted before it, each
// with the period it was accepted, so what was signed under an earlier one still verifies.
// Keys are wrapped only for the accepted certificate (SharingService.verifiedCertificate).
import { z } from 'zod';

const iso = z.string().min(1).max(40);
const hex = (n: number) => z.string().regex(new RegExp(`^[0-9a-f]{${n}}$`));

export const pinnedCertificateSchema = z.object({
  /** SHA-1 of the DER (the directory's thumbprint). */
  thumbprint: hex(40),
  /** SHA-256 of the DER: the fingerprint people read aloud (fingerprint.ts). */
  sha256: hex(64),
  pem: z
    .string()
    .min(1)
    .max(64 * 1024),
  subject: z.string().max(4096),
  issuer: z.string().max(4096),
  validFrom: iso,
  validTo: iso,
  /** Whether it names the organization in a SAN (urn:study-exchange:org:<id>). */
  namesOrganization: z.boolean(),
  /** When it became the accepted one, and how. */
  acceptedAt: iso,
  how: z.enum(['first-use', 'approved']),
  /** When another replaced it (history only). */
  replacedAt: iso.optional(),
});
export type PinnedCertificate = z.infer<typeof pinnedCertificateSchema>;

export const pinSchema = z.object({
  organizationId: z.string().min(1).max(64),
  current: pinnedCertificateSchema,
  /** Earlier accepted certificates, oldest first. */
  history: z.array(pinnedCertificateSchema).max(1000),
  /** Compared out of band ("compared by phone with …"): for the certificate with this SHA-256. */
  verified: z.object({ note: z.string().max(500), at: iso, sha256: hex(64) }).optional(),
  /** Certificates (SHA-256) the user declined with "Keep the old one". */
  kept: z.array(hex(64)).max(1000).optional(),
});
export type Pin = z.infer<typeof pinSchema>;

/** A certificate as it may be pinned: what main read of it (no key material). */
export type CertificateToPin = Omit<PinnedCertificate, 'acceptedAt' | 'how' | 'replacedAt'>;

/** A certificate accepted for an organization and the period it was (from, until: open while current). */
export interface AcceptedCertificate {
  readonly pem: string;
  readonly thumbprint: string;
  readonly sha256: string;
  readonly from: string;
  readonly until?: string;
}

/** What sharing asks of a profile's pins. */
export interface CertificatePins {
  pinned(organizationId: string): Promise<Pin | undefined>;
  /** Pins the certificate unless one is pinned already; answers the pin in force. */
  pinFirstUse(organizationId: string, certificate: CertificateToPin): Promise<Pin>;
}

/** Pins the user can decide on: approve another certificate. */
export interface ApprovingPins extends CertificatePins {
  approve(organizationId: string, certificate: CertificateToPin): Promise<Pin>;
}

/** Every certificate accepted for the organization, oldest first, the current one last. */
export function acceptedOf(pin: Pin | undefined): AcceptedCertificate[] {
  if (!pin) return [];
  return [...pin.history, pin.current].map((c) => ({
    pem: c.pem,
    thumbprint: c.thumbprint,
    sha256: c.sha256,
    from: c.acceptedAt,
    ...(c.replacedAt ? { until: c.replacedAt } : {}),
  }));
}

/** The pin after the user approved another certificate: the current one moves to the history. */
export function approve(pin: Pin | undefined, organizationId: string, next: CertificateToPin, at: string): Pin {
  const current: PinnedCertificate = { ...next, acceptedAt: at, how: 'approved' };
  if (!pin) return { organizationId, current, history: [] };
  if (pin.current.sha256 === next.sha256) return pin;
  return {
    ...pin,
    current,
    history: [...pin.history, { ...pin.current, replacedAt: at }],
    ...(pin.kept ? { kept: pin.kept.filter((k) => k !== next.sha256) } : {}),
  };
}

/** Pins kept in memory for one service's lifetime: trust on first use without a data folder (tests, one-off tools). */
export class MemoryPins implements ApprovingPins {
  private readonly pins = new Map<string, Pin>();

  async pinned(organizationId: string): Promise<Pin | undefined> {
    return this.pins.get(organizationId);
  }

  async pinFirstUse(organizationId: string, certificate: CertificateToPin): Promise<Pin> {
    const pin = this.pins.get(organizationId) ?? {
      organizationId,
      current: { ...certificate, acceptedAt: new Date().toISOString(), how: 'first-use' as const },
      history: [],
    };
    this.pins.set(organizationId, pin);
    return pin;
  }

  /** Approves another certificate (tests and tools without a store). */
  async approve(organizationId: string, certificate: CertificateToPin): Promise<Pin> {
    const pin = approve(this.pins.get(organizationId), organizationId, certificate, new Date().toISOString());
    this.pins.set(organizationId, pin);
    return pin;
  }
}
