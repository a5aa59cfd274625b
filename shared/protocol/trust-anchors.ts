// A consortium's trust anchors: the CA certificates a grantee's certificate must be issued by
// before an item key is wrapped for it. Read from a PEM bundle (one or more certificates), each
// one a CA certificate, or refused with the reason.
import { X509Certificate } from 'node:crypto';
import { CertificateError } from './certificates.js';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The CA certificates of a PEM bundle, normalised; throws CertificateError('unparseable') otherwise. */
export function parseTrustAnchors(bundle: string): string[] {
  const blocks = bundle.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0)
    throw new CertificateError('unparseable', 'The file holds no PEM certificate (-----BEGIN CERTIFICATE-----).');
  if (blocks.length > 50)
    throw new CertificateError('unparseable', 'The file holds more than 50 certificates; a consortium has a few CAs.');
  return blocks.map((pem, i) => {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(pem);
    } catch (e) {
      throw new CertificateError(
        'unparseable',
        `Certificate ${i + 1} in the file could not be read (${(e as Error).message}).`,
      );
    }
    if (!cert.ca)
      throw new CertificateError(
        'untrusted',
        `Certificate ${i + 1} (${cert.subject.replace(/\n/g, ', ')}) is not a certificate authority, so it cannot be a trust anchor.`,
      );
    return cert.toString();
  });
}
