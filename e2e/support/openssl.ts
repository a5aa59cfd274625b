// Keys and certificates made by the openssl command line, the way an organization's IT would make
// them: a self-signed certificate, a small CA, a certificate it issues, a PKCS#12 bundle.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PemIdentity {
  readonly keyPath: string;
  readonly certPath: string;
  readonly certificatePem: string;
  /** SHA-1 of the DER in lower-case hex, as the app and the exchange write thumbprints. */
  readonly thumbprint: string;
}

function openssl(args: readonly string[]): void {
  execFileSync('openssl', args, { stdio: 'pipe' });
}

function identity(keyPath: string, certPath: string): PemIdentity {
  const certificatePem = readFileSync(certPath, 'utf8');
  const thumbprint = new X509Certificate(certificatePem).fingerprint.replace(/:/g, '').toLowerCase();
  return { keyPath, certPath, certificatePem, thumbprint };
}

/** `openssl req -x509`: a new RSA 2048 key and a self-signed certificate for it, valid 30 days. */
function selfSignedAt(keyPath: string, certPath: string, commonName: string, extensions: readonly string[] = []) {
  const subject = ['-subj', `/CN=${commonName}`, '-days', '30'];
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyPath,
    '-out',
    certPath,
    ...subject,
    ...extensions,
  ]);
  return identity(keyPath, certPath);
}

/** A self-signed RSA 2048 certificate valid for 30 days. */
export function selfSigned(dir: string, name: string, commonName: string): PemIdentity {
  return selfSignedAt(join(dir, `${name}.key.pem`), join(dir, `${name}.cert.pem`), commonName);
}

/** A CA (self-signed, CA:TRUE) for certificates an exchange with a trust store accepts. */
export function certificateAuthority(dir: string, commonName: string): PemIdentity {
  return selfSignedAt(join(dir, 'ca.key.pem'), join(dir, 'ca.cert.pem'), commonName, [
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

/** A new RSA 2048 key and a certificate for it issued by `ca`. */
export function issuedBy(ca: PemIdentity, dir: string, name: string, commonName: string): PemIdentity {
  const keyPath = join(dir, `${name}.key.pem`);
  const csrPath = join(dir, `${name}.csr`);
  const certPath = join(dir, `${name}.cert.pem`);
  openssl([
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyPath,
    '-out',
    csrPath,
    '-subj',
    `/CN=${commonName}/O=${commonName}`,
  ]);
  openssl([
    'x509',
    '-req',
    '-in',
    csrPath,
    '-CA',
    ca.certPath,
    '-CAkey',
    ca.keyPath,
    '-set_serial',
    String(Date.now()),
    '-out',
    certPath,
    '-days',
    '30',
  ]);
  return identity(keyPath, certPath);
}

/** `openssl pkcs12 -export`: the key and certificate in one file protected by `password`. */
export function pkcs12(id: PemIdentity, path: string, password: string): string {
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    id.keyPath,
    '-in',
    id.certPath,
    '-out',
    path,
    '-passout',
    `pass:${password}`,
  ]);
  return path;
}
