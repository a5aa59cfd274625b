// The media types the exchange takes an organization's certificate in (the certificate PUT,
// docs/protocol.md §2): the server refuses any other, the client sends one of these. Plain data
// (no zod) so the reference server reads the same list.

export const CERTIFICATE_MEDIA_TYPES = [
  'application/x-pem-file',
  'application/x-x509-ca-cert',
  'application/pkix-cert',
] as const;

export type CertificateMediaType = (typeof CERTIFICATE_MEDIA_TYPES)[number];

export function isCertificateMediaType(type: string): type is CertificateMediaType {
  return (CERTIFICATE_MEDIA_TYPES as readonly string[]).includes(type);
}
