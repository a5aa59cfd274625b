// X.509 certificates: parsing (node:crypto), thumbprints, key checks; creation of
// certificates, CAs and CSRs with node-forge (which node:crypto cannot do). STUB.
import type { KeyObject } from 'node:crypto';

export interface CertificateInfo {
  readonly subject: string;
  readonly issuer: string;
  /** ISO 8601. */
  readonly validFrom: string;
  readonly validTo: string;
  /** SHA-1 of the DER, lower-case hex (40). */
  readonly thumbprint: string;
  readonly keyType: string;
  /** RSA modulus bits; 0 when not RSA. */
  readonly keyBits: number;
  readonly pem: string;
  readonly der: Buffer;
  readonly publicKey: KeyObject;
}

export type CertificateFailure = 'unparseable' | 'not-rsa' | 'key-too-small' | 'key-mismatch' | 'expired' | 'untrusted';

export class CertificateError extends Error {
  constructor(
    readonly failure: CertificateFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

/** PEM text or DER bytes (or PEM bytes). Throws CertificateError('unparseable'). */
export declare function parseCertificate(input: string | Buffer): CertificateInfo;
/** Throws CertificateError('not-rsa' | 'key-too-small') unless RSA ≥ minBits (2048). */
export declare function assertUsableCertificate(info: CertificateInfo, minBits?: number): void;
export declare function keyMatchesCertificate(privateKey: KeyObject | string, certificate: CertificateInfo): boolean;
/** True when the certificate is signed by one of the CAs (PEM) and within their validity. */
export declare function chainsTo(certificate: CertificateInfo, caPems: readonly string[]): boolean;

export interface Identity {
  readonly privateKeyPem: string;
  readonly certificatePem: string;
}

/** A self-signed CA (forge), RSA key made with node:crypto for speed. */
export declare function createCertificateAuthority(commonName: string, bits?: number): Identity;
/** A fresh key and a certificate for commonName, issued by the CA or self-signed when no CA is given. */
export declare function issueIdentity(commonName: string, options?: { readonly ca?: Identity; readonly bits?: number; readonly days?: number; readonly notBefore?: Date }): Identity;
/** PKCS#10 CSR (PEM) for a private key. */
export declare function createCsr(privateKey: string, subject: { readonly commonName: string; readonly organization?: string; readonly country?: string }): string;
/** PEM private key (PKCS#8) of a new RSA key. */
export declare function generateRsaKeyPem(bits?: number): string;
