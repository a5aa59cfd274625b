// A certificate is registered only when it parses, holds an RSA key of at least 2048 bits
// and, when a trust store is configured, chains to one of its CAs.
import {
  assertUsableCertificate,
  chainsTo,
  parseCertificate,
  type CertificateInfo,
} from '../../shared/protocol/certificates.js';
import type { AppContext } from './context.js';
import { ApiError } from './api-error.js';

export function checkCertificate(input: string | Buffer, trustCaPems: readonly string[]): CertificateInfo {
  let info: CertificateInfo;
  try {
    info = parseCertificate(input);
    assertUsableCertificate(info, 2048);
  } catch (e) {
    throw new ApiError('invalidCertificate', e instanceof Error ? e.message : 'The certificate could not be read.');
  }
  if (trustCaPems.length > 0 && !chainsTo(info, trustCaPems)) {
    throw new ApiError(
      'invalidCertificate',
      'The certificate is not issued by a certificate authority this service trusts.',
    );
  }
  return info;
}

/**
 * Checks against the store's CAs as they are now, not as they were when the process started:
 * another process (`sandbox --database`) may have stored one since, and every node must then
 * refuse alike. Certificates are checked rarely (organization create, certificate update).
 */
export async function checkCertificateFor(
  app: Pick<AppContext, 'store' | 'trustCaPems'>,
  input: string | Buffer,
): Promise<CertificateInfo> {
  return checkCertificate(input, [...(await app.store.trustedCas()), ...app.trustCaPems]);
}
