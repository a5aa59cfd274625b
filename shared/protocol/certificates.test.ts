import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CertificateError,
  assertCurrentlyValid,
  assertUsableCertificate,
  chainsTo,
  createCertificateAuthority,
  createCsr,
  generateRsaKeyPem,
  issueIdentity,
  keyMatchesCertificate,
  parseCertificate,
  type CertificateFailure,
} from './certificates.js';

const dir = mkdtempSync(join(tmpdir(), 'certificates-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Keys are made once per file: RSA generation is the slow part.
const ca = createCertificateAuthority('Study Exchange Test CA');
const foreignCa = createCertificateAuthority('Some Other CA');
const site = issueIdentity('Riverside Medical Center', { ca });
const selfSigned = issueIdentity('Self Signed Site');

function file(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function openssl(args: string[]): string {
  return execFileSync('openssl', args, { stdio: ['pipe', 'pipe', 'pipe'] }).toString();
}

function failureOf(fn: () => unknown): CertificateFailure | 'no error' {
  try {
    fn();
  } catch (error) {
    if (error instanceof CertificateError) return error.failure;
    throw error;
  }
  return 'no error';
}

describe('parseCertificate', () => {
  it('reads subject, issuer, validity, key and thumbprint from PEM', () => {
    const info = parseCertificate(site.certificatePem);
    expect(info.subject).toBe('CN=Riverside Medical Center');
    expect(info.issuer).toBe('CN=Study Exchange Test CA');
    expect(info.keyType).toBe('rsa');
    expect(info.keyBits).toBe(2048);
    expect(info.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(info.validTo) - Date.parse(info.validFrom)).toBe(365 * 86_400_000);
    expect(info.thumbprint).toMatch(/^[0-9a-f]{40}$/);
    expect(info.pem).toContain('-----BEGIN CERTIFICATE-----');
    expect(info.publicKey.asymmetricKeyType).toBe('rsa');
  });

  it('gives the same result for PEM text, PEM bytes and DER bytes', () => {
    const pem = parseCertificate(site.certificatePem);
    const pemBytes = parseCertificate(Buffer.from(site.certificatePem));
    const der = parseCertificate(pem.der);
    expect(pemBytes.thumbprint).toBe(pem.thumbprint);
    expect(der.thumbprint).toBe(pem.thumbprint);
    expect(der.subject).toBe(pem.subject);
    expect(der.der.equals(pem.der)).toBe(true);
  });

  it('thumbprint equals openssl x509 -fingerprint -sha1', () => {
    for (const identity of [site, ca, selfSigned]) {
      const out = openssl(['x509', '-fingerprint', '-sha1', '-noout', '-in', file('t.pem', identity.certificatePem)]);
      const theirs = out.trim().replace(/^.*=/, '').replace(/:/g, '').toLowerCase();
      expect(parseCertificate(identity.certificatePem).thumbprint).toBe(theirs);
    }
  });

  it('shows a multi-attribute name on one line, most specific first', () => {
    const path = file('multi.pem', '');
    openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('multi.key', ''),
      '-out',
      path,
      '-days',
      '1',
      '-subj',
      '/C=US/O=Riverside Health/CN=Riverside Medical Center',
    ]);
    expect(parseCertificate(readFileSync(path, 'utf8')).subject).toBe(
      'CN=Riverside Medical Center, O=Riverside Health, C=US',
    );
  });

  it('refuses what is not a certificate', () => {
    expect(failureOf(() => parseCertificate('hello'))).toBe('unparseable');
    expect(failureOf(() => parseCertificate(randomBytes(300)))).toBe('unparseable');
    expect(failureOf(() => parseCertificate(site.privateKeyPem))).toBe('unparseable');
  });
});

describe('checks', () => {
  it('a 2048-bit RSA certificate is usable; 1024 bits and EC are not', () => {
    expect(failureOf(() => assertUsableCertificate(parseCertificate(site.certificatePem)))).toBe('no error');
    const small = issueIdentity('Small Key Site', { bits: 1024 });
    expect(parseCertificate(small.certificatePem).keyBits).toBe(1024);
    expect(failureOf(() => assertUsableCertificate(parseCertificate(small.certificatePem)))).toBe('key-too-small');
    const ecPath = file('ec.pem', '');
    openssl([
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      file('ec.key', ''),
      '-out',
      ecPath,
      '-days',
      '1',
      '-subj',
      '/CN=EC',
    ]);
    const ec = parseCertificate(readFileSync(ecPath));
    expect(ec.keyType).toBe('ec');
    expect(ec.keyBits).toBe(0);
    expect(failureOf(() => assertUsableCertificate(ec))).toBe('not-rsa');
  });

  it('matches a private key to its certificate only', () => {
    const info = parseCertificate(site.certificatePem);
    expect(keyMatchesCertificate(site.privateKeyPem, info)).toBe(true);
    expect(keyMatchesCertificate(createPrivateKey(site.privateKeyPem), info)).toBe(true);
    expect(keyMatchesCertificate(selfSigned.privateKeyPem, info)).toBe(false);
    expect(keyMatchesCertificate('not a key', info)).toBe(false);
  });

  it('chains to its CA, not to a foreign CA, and not when self-signed', () => {
    const info = parseCertificate(site.certificatePem);
    expect(chainsTo(info, [ca.certificatePem])).toBe(true);
    expect(chainsTo(info, [foreignCa.certificatePem, ca.certificatePem])).toBe(true);
    expect(chainsTo(info, [foreignCa.certificatePem])).toBe(false);
    expect(chainsTo(info, [])).toBe(false);
    expect(chainsTo(info, [site.certificatePem, 'garbage'])).toBe(false);
    expect(chainsTo(parseCertificate(selfSigned.certificatePem), [ca.certificatePem])).toBe(false);
    expect(
      openssl(['verify', '-CAfile', file('ca.pem', ca.certificatePem), file('leaf.pem', site.certificatePem)]),
    ).toMatch(/OK/);
  });

  it('an expired certificate does not chain and is reported as expired', () => {
    const old = issueIdentity('Expired Site', { ca, days: 1, notBefore: new Date(Date.now() - 3 * 86_400_000) });
    const info = parseCertificate(old.certificatePem);
    expect(chainsTo(info, [ca.certificatePem])).toBe(false);
    expect(failureOf(() => assertCurrentlyValid(info))).toBe('expired');
    expect(failureOf(() => assertCurrentlyValid(parseCertificate(site.certificatePem)))).toBe('no error');
  });
});

describe('creation', () => {
  it('CA has cA=true; leaf has cA=false with digitalSignature and keyEncipherment; SHA-256; positive serials', () => {
    expect(new X509Certificate(ca.certificatePem).ca).toBe(true);
    expect(new X509Certificate(site.certificatePem).ca).toBe(false);
    const text = openssl(['x509', '-text', '-noout', '-in', file('leaf.pem', site.certificatePem)]);
    expect(text).toMatch(/Digital Signature, Key Encipherment/);
    expect(text).toMatch(/sha256WithRSAEncryption/);
    const caText = openssl(['x509', '-text', '-noout', '-in', file('ca.pem', ca.certificatePem)]);
    expect(caText).toMatch(/CA:TRUE/);
    expect(caText).toMatch(/Certificate Sign/);
    for (const identity of [ca, site, selfSigned]) {
      const serial = new X509Certificate(identity.certificatePem).serialNumber;
      expect(parseInt(serial.slice(0, 2), 16)).toBeLessThan(0x80);
      expect(serial).toMatch(/^[0-9A-F]{32}$/);
    }
  });

  it('private keys are PKCS#8 PEM', () => {
    for (const pem of [ca.privateKeyPem, site.privateKeyPem, generateRsaKeyPem()]) {
      expect(pem.startsWith(`-----BEGIN ${'PRIVATE'} KEY-----`)).toBe(true);
      expect(createPrivateKey(pem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    }
  });

  it('a CSR verifies with openssl req and carries the subject', () => {
    const csr = createCsr(site.privateKeyPem, {
      commonName: 'Riverside Medical Center',
      organization: 'Riverside Health',
      country: 'US',
    });
    expect(csr).toContain('-----BEGIN CERTIFICATE REQUEST-----');
    const path = file('req.csr', csr);
    execFileSync('openssl', ['req', '-verify', '-noout', '-in', path], { stdio: 'pipe' });
    const subject = openssl(['req', '-noout', '-subject', '-nameopt', 'RFC2253', '-in', path]);
    expect(subject.trim()).toBe('subject=CN=Riverside Medical Center,O=Riverside Health,C=US');
    const pub = openssl(['req', '-noout', '-pubkey', '-in', path]);
    expect(pub.trim()).toBe(
      parseCertificate(site.certificatePem).publicKey.export({ type: 'spki', format: 'pem' }).toString().trim(),
    );
  });
});
