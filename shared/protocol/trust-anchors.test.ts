import { describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity } from './certificates.js';
import { parseTrustAnchors } from './trust-anchors.js';

describe('parseTrustAnchors', () => {
  const a = createCertificateAuthority('Consortium Root A');
  const b = createCertificateAuthority('Consortium Root B');

  it('reads every CA certificate of a bundle', () => {
    const anchors = parseTrustAnchors(`comment\n${a.certificatePem}\n${b.certificatePem}`);
    expect(anchors).toHaveLength(2);
    expect(anchors[0]).toContain('BEGIN CERTIFICATE');
  });

  it('refuses a bundle without certificates, and a certificate that is not a CA', () => {
    expect(() => parseTrustAnchors('nothing here')).toThrow(/no PEM certificate/);
    expect(() => parseTrustAnchors(issueIdentity('Leaf Clinic').certificatePem)).toThrow(/not a certificate authority/);
  });
});
