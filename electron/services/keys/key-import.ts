// Reading an organization's key and certificate from PEM files or a PKCS#12 file, with
// the checks a key and certificate must pass, each failing with a message a coordinator can act on.
import { FailureError } from '../../../shared/failure-error.js';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import {
  CertificateError,
  keyMatchesCertificate,
  parseCertificate,
  type CertificateInfo,
} from '../../../shared/protocol/certificates.js';

export const MIN_KEY_BITS = 2048;

type KeyImportFailure =
  | 'unreadable-key'
  | 'unreadable-certificate'
  | 'unreadable-p12'
  | 'wrong-password'
  | 'not-rsa'
  | 'key-too-small'
  | 'key-mismatch'
  | 'expired'
  | 'not-yet-valid'
  | 'no-key'
  | 'no-certificate';

export class KeyImportError extends FailureError<KeyImportFailure> {
  override readonly name = 'KeyImportError';
}

/** A checked pair, handed only to the key vault. */
export interface ImportedIdentity {
  readonly privateKey: KeyObject;
  readonly certificate: CertificateInfo;
}

export interface ImportOptions {
  /** Password of an encrypted PEM key. */
  readonly keyPassword?: string;
  readonly now?: number;
}

function readPrivateKey(pem: string | Buffer, password?: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(password === undefined ? { key: pem } : { key: pem, passphrase: password });
  } catch (error) {
    const reason = (error as Error).message;
    if (/passphrase|decrypt|bad decrypt/i.test(reason)) {
      throw new KeyImportError('wrong-password', 'The private key is encrypted and the password is missing or wrong.');
    }
    throw new KeyImportError('unreadable-key', `The private key file could not be read (${reason}).`);
  }
  checkKey(key);
  return key;
}

export function checkKey(key: KeyObject): void {
  if (key.asymmetricKeyType !== 'rsa') {
    throw new KeyImportError(
      'not-rsa',
      `The key is ${key.asymmetricKeyType ?? 'not'} an RSA key; the exchange needs RSA.`,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_KEY_BITS) {
    throw new KeyImportError('key-too-small', `The key has ${bits} bits; the exchange needs at least ${MIN_KEY_BITS}.`);
  }
}

export function readCertificate(pem: string | Buffer): CertificateInfo {
  try {
    return parseCertificate(pem);
  } catch (error) {
    if (error instanceof CertificateError)
      throw new KeyImportError('unreadable-certificate', `The certificate could not be read: ${error.message}`);
    throw error;
  }
}

/** Refuses a mismatched pair and a certificate outside its validity. */
export function checkPair(key: KeyObject, certificate: CertificateInfo, now = Date.now()): void {
  if (!keyMatchesCertificate(key, certificate)) {
    throw new KeyImportError(
      'key-mismatch',
      `The private key does not belong to the certificate "${certificate.subject}" (SHA-1 fingerprint ${certificate.thumbprint}).`,
    );
  }
  if (Date.parse(certificate.validTo) < now) {
    throw new KeyImportError(
      'expired',
      `The certificate "${certificate.subject}" expired on ${certificate.validTo}; ask for a new one.`,
    );
  }
  if (Date.parse(certificate.validFrom) > now) {
    throw new KeyImportError(
      'not-yet-valid',
      `The certificate "${certificate.subject}" is not valid before ${certificate.validFrom}; check this computer's clock.`,
    );
  }
}

export function importFromPem(
  keyPem: string | Buffer,
  certificatePem: string | Buffer,
  options: ImportOptions = {},
): ImportedIdentity {
  const privateKey = readPrivateKey(keyPem, options.keyPassword);
  const certificate = readCertificate(certificatePem);
  checkPair(privateKey, certificate, options.now);
  return { privateKey, certificate };
}

/** A .p12/.pfx file with its password: the key and the certificate that matches it. */
export function importFromPkcs12(
  p12: Buffer,
  password: string,
  options: { readonly now?: number } = {},
): ImportedIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
    parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const reason = (error as Error).message ?? String(error);
    if (/mac could not be verified|invalid password|password/i.test(reason)) {
      throw new KeyImportError('wrong-password', 'The password of the PKCS#12 file is wrong.');
    }
    throw new KeyImportError('unreadable-p12', `The PKCS#12 file could not be read (${reason}).`);
  }
  const keyBags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const certBags = parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
  const keyBag = keyBags[0];
  if (!keyBag) throw new KeyImportError('no-key', 'The PKCS#12 file holds no private key.');
  if (!keyBag.key)
    throw new KeyImportError('not-rsa', 'The key in the PKCS#12 file is not an RSA key; the exchange needs RSA.');
  const privateKey = readPrivateKey(forge.pki.privateKeyToPem(keyBag.key));
  const certificates = certBags.flatMap((bag) =>
    bag.cert ? [readCertificate(forge.pki.certificateToPem(bag.cert))] : [],
  );
  if (certificates.length === 0) throw new KeyImportError('no-certificate', 'The PKCS#12 file holds no certificate.');
  const certificate = certificates.find((c) => keyMatchesCertificate(privateKey, c)) ?? certificates[0]!;
  checkPair(privateKey, certificate, options.now);
  return { privateKey, certificate };
}
