// A certificate is registered only when it parses, holds an RSA key of at least 2048 bits
// and, when a trust store is configured, chains to one of its CAs.
import { assertUsableCertificate, chainsTo, parseCertificate, type CertificateInfo } from '../shared/protocol/certificates.js';
import { ApiError } from './http/api-error.js';

export function checkCertificate(input: string | Buffer, trustCaPems: readonly string[]): CertificateInfo {
  let info: CertificateInfo;
  try {
    info = parseCertificate(input);
    assertUsableCertificate(info, 2048);
  } catch (e) {
    throw new ApiError('invalidCertificate', e instanceof Error ? e.message : 'The certificate could not be read.');
  }
  if (trustCaPems.length > 0 && !chainsTo(info, trustCaPems)) {
    throw new ApiError('invalidCertificate', 'The certificate is not issued by a certificate authority this service trusts.');
  }
  return info;
}
